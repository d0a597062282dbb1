import { PauseIcon, PlayIcon } from '../../../../ui/player-icons';
import { NextIcon, PreviousIcon } from './player-icons';

type PlayerControlsProps = {
  isPlaying: boolean;
  isWaiting: boolean;
  /** False while there is no file to play (processing, or failed). */
  canPlay: boolean;
  onPlay: () => void;
  onPause: () => void;
  /** Null at the start or the end of the list. */
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
};

/** Previous, Play or Pause, Next: one row, the middle button the largest. */
export function PlayerControls({
  isPlaying,
  isWaiting,
  canPlay,
  onPlay,
  onPause,
  onPrevious,
  onNext,
}: PlayerControlsProps) {
  return (
    <div className="player-controls">
      <button
        type="button"
        className="player-controls__step"
        aria-label="Previous track"
        disabled={!onPrevious}
        onClick={() => onPrevious?.()}
      >
        <PreviousIcon />
      </button>
      <button
        type="button"
        className="player-controls__play"
        aria-label={isPlaying ? 'Pause' : 'Play'}
        aria-busy={isPlaying && isWaiting ? true : undefined}
        disabled={!canPlay}
        onClick={isPlaying ? onPause : onPlay}
      >
        {isPlaying ? <PauseIcon /> : <PlayIcon />}
      </button>
      <button
        type="button"
        className="player-controls__step"
        aria-label="Next track"
        disabled={!onNext}
        onClick={() => onNext?.()}
      >
        <NextIcon />
      </button>
    </div>
  );
}
