import { type RefObject, useEffect, useState } from 'react';

export type MediaState = {
  isPlaying: boolean;
  currentTime: number;
  /** Seconds; NaN until the element knows. */
  duration: number;
  isMuted: boolean;
  rate: number;
  isWaiting: boolean;
  isPictureInPicture: boolean;
};

const INITIAL: MediaState = {
  isPlaying: false,
  currentTime: 0,
  duration: Number.NaN,
  isMuted: false,
  rate: 1,
  isWaiting: false,
  isPictureInPicture: false,
};

/** The <video> as the controls show it, read from its own events. */
export function useMediaState(videoRef: RefObject<HTMLVideoElement | null>): MediaState {
  const [state, setState] = useState<MediaState>(INITIAL);
  useEffect(() => {
    const element = videoRef.current;
    if (!element) return;
    const read = () =>
      setState((previous) => ({
        ...previous,
        isPlaying: !element.paused && !element.ended,
        currentTime: element.currentTime,
        duration: element.duration,
        isMuted: element.muted,
        rate: element.playbackRate,
      }));
    const onWaiting = () => setState((previous) => ({ ...previous, isWaiting: true }));
    const onPlaying = () => {
      setState((previous) => ({ ...previous, isWaiting: false }));
      read();
    };
    const onPictureInPicture = () =>
      setState((previous) => ({
        ...previous,
        isPictureInPicture: document.pictureInPictureElement === element,
      }));
    const events = [
      'play',
      'pause',
      'ended',
      'timeupdate',
      'durationchange',
      'loadedmetadata',
      'volumechange',
      'ratechange',
      'seeked',
      'emptied',
    ];
    for (const name of events) element.addEventListener(name, read);
    element.addEventListener('waiting', onWaiting);
    element.addEventListener('playing', onPlaying);
    element.addEventListener('enterpictureinpicture', onPictureInPicture);
    element.addEventListener('leavepictureinpicture', onPictureInPicture);
    return () => {
      for (const name of events) element.removeEventListener(name, read);
      element.removeEventListener('waiting', onWaiting);
      element.removeEventListener('playing', onPlaying);
      element.removeEventListener('enterpictureinpicture', onPictureInPicture);
      element.removeEventListener('leavepictureinpicture', onPictureInPicture);
    };
  }, [videoRef]);
  return state;
}

/** Whether `element` (the player) is the page's full-screen element, kept up to date. */
export function useIsFullscreen(elementRef: RefObject<HTMLElement | null>): boolean {
  const [isFullscreen, setIsFullscreen] = useState(false);
  useEffect(() => {
    const onChange = () => setIsFullscreen(document.fullscreenElement === elementRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [elementRef]);
  return isFullscreen;
}
