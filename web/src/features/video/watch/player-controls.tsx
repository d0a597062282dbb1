import { type RefObject, useId } from 'react';
import { PauseIcon, PlayIcon } from '../../../ui/player-icons';
import { formatRate } from '../video-format';
import { SHORTCUTS } from './keyboard-shortcuts';
import { PLAYBACK_RATES, SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS } from './player-constants';
import { FullscreenIcon, PictureInPictureIcon, SkipIcon, VolumeIcon } from './player-icons';
import { SeekBar } from './seek-bar';
import type { MediaState } from './use-media-state';

type PlayerControlsProps = {
  media: MediaState;
  /** Seconds, known before the first play from the stream. */
  duration: number;
  hasStarted: boolean;
  /** The seek bar's thumbnail strip; null for none. */
  thumbnailsUrl: string | null;
  isFullscreen: boolean;
  /** Not while only the sound plays: there is no picture to float. */
  canPictureInPicture: boolean;
  videoRef: RefObject<HTMLVideoElement | null>;
  onTogglePlay: () => void;
  onSkip: (seconds: number) => void;
  onSeek: (seconds: number) => void;
  onToggleMute: () => void;
  onToggleFullscreen: () => void;
};

const hasPictureInPicture = () =>
  typeof document !== 'undefined' && document.pictureInPictureEnabled === true;

/**
 * The controls under the picture: the seek bar with the time, then play or pause between
 * the spec's skips (10 s back, 30 s forward), sound, the speed (the spec's rates),
 * picture-in-picture where the browser has it, full screen, and the keyboard's help.
 * Each has a name a screen reader says and its key in aria-keyshortcuts.
 */
export function PlayerControls({
  media,
  duration,
  hasStarted,
  thumbnailsUrl,
  isFullscreen,
  canPictureInPicture,
  videoRef,
  onTogglePlay,
  onSkip,
  onSeek,
  onToggleMute,
  onToggleFullscreen,
}: PlayerControlsProps) {
  const speedId = useId();
  const position = Math.min(media.currentTime, duration || media.currentTime);

  async function togglePictureInPicture() {
    const element = videoRef.current;
    if (!element) return;
    try {
      if (document.pictureInPictureElement) await document.exitPictureInPicture();
      else await element.requestPictureInPicture();
    } catch {
      // Refused (no picture yet, a browser setting): the button stays as it was.
    }
  }

  return (
    <div className="video-controls">
      <SeekBar
        position={position}
        duration={duration}
        hasStarted={hasStarted}
        onSeek={onSeek}
        thumbnailsUrl={thumbnailsUrl}
      />
      <div className="video-controls__row">
        <div className="video-controls__group">
          <button
            type="button"
            className="icon-button video-controls__button"
            aria-label={`Back ${SKIP_BACK_SECONDS} seconds`}
            aria-keyshortcuts="J ArrowLeft"
            disabled={!hasStarted}
            onClick={() => onSkip(-SKIP_BACK_SECONDS)}
          >
            <SkipIcon direction="back" seconds={SKIP_BACK_SECONDS} />
          </button>
          <button
            type="button"
            className="icon-button video-controls__button video-controls__play"
            aria-label={media.isPlaying ? 'Pause' : 'Play'}
            aria-keyshortcuts="K Space"
            onClick={onTogglePlay}
          >
            {media.isPlaying ? <PauseIcon /> : <PlayIcon />}
          </button>
          <button
            type="button"
            className="icon-button video-controls__button"
            aria-label={`Forward ${SKIP_FORWARD_SECONDS} seconds`}
            aria-keyshortcuts="L ArrowRight"
            disabled={!hasStarted}
            onClick={() => onSkip(SKIP_FORWARD_SECONDS)}
          >
            <SkipIcon direction="forward" seconds={SKIP_FORWARD_SECONDS} />
          </button>
          <button
            type="button"
            className="icon-button video-controls__button"
            aria-label="Mute"
            aria-pressed={media.isMuted}
            aria-keyshortcuts="M"
            onClick={onToggleMute}
          >
            <VolumeIcon isMuted={media.isMuted} />
          </button>
        </div>
        <div className="video-controls__group">
          <label className="video-controls__speed" htmlFor={speedId}>
            <span className="video-controls__speed-label">Speed</span>
            <select
              id={speedId}
              aria-label="Playback speed"
              value={String(media.rate)}
              onChange={(event) => {
                const element = videoRef.current;
                if (!element) return;
                const rate = Number(event.target.value);
                element.defaultPlaybackRate = rate;
                element.playbackRate = rate;
              }}
            >
              {PLAYBACK_RATES.map((rate) => (
                <option key={rate} value={String(rate)}>
                  {formatRate(rate)}
                </option>
              ))}
            </select>
          </label>
          {hasPictureInPicture() && canPictureInPicture ? (
            <button
              type="button"
              className="icon-button video-controls__button"
              aria-label="Picture in picture"
              aria-pressed={media.isPictureInPicture}
              disabled={!hasStarted}
              onClick={() => void togglePictureInPicture()}
            >
              <PictureInPictureIcon />
            </button>
          ) : null}
          <button
            type="button"
            className="icon-button video-controls__button"
            aria-label="Full screen"
            aria-pressed={isFullscreen}
            aria-keyshortcuts="F"
            onClick={onToggleFullscreen}
          >
            <FullscreenIcon isOn={isFullscreen} />
          </button>
        </div>
      </div>
      <details className="video-controls__help">
        <summary>Keyboard shortcuts</summary>
        <dl className="video-controls__shortcuts">
          {SHORTCUTS.map(({ keys, does }) => (
            <div key={does} className="video-controls__shortcut">
              <dt>
                {keys.map((key, index) => (
                  <span key={key}>
                    {index > 0 ? ' or ' : null}
                    <kbd>{key}</kbd>
                  </span>
                ))}
              </dt>
              <dd>{does}</dd>
            </div>
          ))}
        </dl>
      </details>
    </div>
  );
}
