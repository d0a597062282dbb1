import type { TVideo } from '@stagepass/contract/video';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { type AttachedStream, attachControlledStream } from '../../../lib/video/attach-stream';
import { listVideoRenditions } from '../video-format';

/** What the <video> plays: the ladder, its sound alone, or the 30-second preview of a locked video. */
export type SourceMode = 'stream' | 'audio' | 'preview';

type VideoSourceOptions = {
  video: TVideo;
  /** Saving data (Save-Data, a slow link, the data saver): the lowest rung, held until a choice. */
  startsAtLowest: boolean;
  /** Where the viewer stopped last time, in seconds. */
  resumeAt: number;
  onFatalError: (message: string) => void;
};

export type VideoSource = {
  mode: SourceMode;
  hasStarted: boolean;
  /** The rung playback is held at, or null while it adapts ('Auto'). */
  height: number | null;
  isAudioOnly: boolean;
  canPlayAudioOnly: boolean;
  /** The engine playing now ('native', 'hls.js'); null before the first play. */
  engine: AttachedStream['engine'] | null;
  /** The first play: loads the stream (nothing downloads before) and plays it. */
  start: () => void;
  chooseHeight: (height: number | null) => void;
  setIsAudioOnly: (isAudioOnly: boolean) => void;
};

/** Where a resumed video starts: where the viewer stopped, unless that was at its very end. */
export function readStartAt(resumeAt: number, duration: number | null): number {
  if (!(resumeAt > 0)) return 0;
  if (duration !== null && resumeAt >= duration - 3) return 0;
  return resumeAt;
}

/**
 * Loads the right address into the page's <video>, and loads it again, where playback was,
 * when the viewer changes what it should be (a quality the browser cannot hold natively,
 * sound only). Nothing is fetched before the first play: the poster and the data cost show
 * until then.
 */
export function useVideoSource(
  videoRef: RefObject<HTMLVideoElement | null>,
  { video, startsAtLowest, resumeAt, onFatalError }: VideoSourceOptions,
): VideoSource {
  const stream = video.stream;
  const isPreview = !video.hasPaid;
  const lowest = listVideoRenditions(stream?.renditions ?? [])[0]?.height ?? null;
  const [hasStarted, setHasStarted] = useState(false);
  const [height, setHeight] = useState<number | null>(startsAtLowest ? lowest : null);
  const [isAudioOnly, setIsAudioOnlyState] = useState(false);
  const [engine, setEngine] = useState<AttachedStream['engine'] | null>(null);
  const attachedRef = useRef<{ stream: AttachedStream | null; generation: number }>({
    stream: null,
    generation: 0,
  });
  const fatalRef = useRef(onFatalError);
  fatalRef.current = onFatalError;
  const canPlayAudioOnly = !isPreview && Boolean(stream?.audio_only_url);
  const mode: SourceMode = isPreview ? 'preview' : isAudioOnly && canPlayAudioOnly ? 'audio' : 'stream';

  const detach = useCallback(() => {
    attachedRef.current.generation += 1;
    attachedRef.current.stream?.detach();
    attachedRef.current.stream = null;
  }, []);
  useEffect(() => detach, [detach]);

  /** Loads `nextMode` at `startAt` (holding `nextHeight`), and plays when asked: in the tap itself where it can. */
  const load = useCallback(
    (nextMode: SourceMode, options: { startAt: number; height: number | null; shouldPlay: boolean }) => {
      const element = videoRef.current;
      if (!element || !stream) return;
      detach();
      const generation = attachedRef.current.generation;
      const rate = element.playbackRate;
      element.defaultPlaybackRate = rate;
      if (nextMode === 'preview') {
        if (!stream.preview_url) return;
        element.src = stream.preview_url;
        setEngine('native');
      } else {
        const url = nextMode === 'audio' ? stream.audio_only_url : stream.master_url;
        if (!url) return;
        // The native engine sets the source before its first await: play() below is still in the tap.
        void attachControlledStream(element, url, {
          startAtLowest: startsAtLowest,
          height: nextMode === 'audio' ? null : options.height,
          startAt: options.startAt,
          onFatalError: (message) => fatalRef.current(message),
        }).then(
          (attached) => {
            if (attachedRef.current.generation !== generation) {
              attached.detach();
              return;
            }
            attachedRef.current.stream = attached;
            setEngine(attached.engine);
            // hls.js gives the element its source only now, which dropped the play() below: again.
            if (options.shouldPlay && attached.engine === 'hls.js') element.play().catch(() => {});
          },
          () => fatalRef.current('This browser cannot play this video.'),
        );
      }
      if (nextMode === 'preview' && options.startAt > 0) element.currentTime = options.startAt;
      if (options.shouldPlay) {
        element.play().catch(() => {
          // Refused (no gesture, a source that failed): the Play button stays offered.
        });
      }
    },
    [videoRef, stream, detach, startsAtLowest],
  );

  const start = useCallback(() => {
    if (hasStarted) {
      void videoRef.current?.play().catch(() => {});
      return;
    }
    setHasStarted(true);
    const startAt = mode === 'preview' ? 0 : readStartAt(resumeAt, stream?.duration ?? null);
    load(mode, { startAt, height, shouldPlay: true });
  }, [hasStarted, mode, resumeAt, stream, height, load, videoRef]);

  /** Loads `nextMode` again where playback is now, playing on if it was playing. */
  const reload = useCallback(
    (nextMode: SourceMode, nextHeight: number | null) => {
      const element = videoRef.current;
      if (!element) return;
      load(nextMode, { startAt: element.currentTime, height: nextHeight, shouldPlay: !element.paused });
    },
    [videoRef, load],
  );

  const chooseHeight = useCallback(
    (nextHeight: number | null) => {
      setHeight(nextHeight);
      if (!hasStarted || mode !== 'stream') return;
      const isHeld = attachedRef.current.stream?.setHeight(nextHeight) ?? false;
      // The browser's own HLS cannot hold a rung: hls.js takes over where playback is.
      if (!isHeld && nextHeight !== null) reload('stream', nextHeight);
    },
    [hasStarted, mode, reload],
  );

  const setIsAudioOnly = useCallback(
    (next: boolean) => {
      setIsAudioOnlyState(next);
      if (hasStarted && canPlayAudioOnly) reload(next ? 'audio' : 'stream', height);
    },
    [hasStarted, canPlayAudioOnly, reload, height],
  );

  return {
    mode,
    hasStarted,
    height,
    isAudioOnly: mode === 'audio',
    canPlayAudioOnly,
    engine,
    start,
    chooseHeight,
    setIsAudioOnly,
  };
}
