import type { TAudio } from '@stagepass/contract/audio';
import { useId } from 'react';
import { Link } from 'react-router';
import { Switch } from '../../../../ui/switch';
import { type Accent, readOtherAccent } from '../accents';
import { hasFullAccess, type PlaybackSource } from '../playback-source';
import type { useAudioEngine } from '../use-audio-engine';
import { AccessPanel } from './access-panel';
import { AudioReactions } from './audio-reactions';
import { PlayerControls } from './player-controls';
import { PaletteIcon } from './player-icons';
import { WaveformSeekBar } from './waveform-seek-bar';
import '../../../../ui/button.css';

type PlayerDeckProps = {
  track: TAudio;
  source: PlaybackSource | null;
  engine: ReturnType<typeof useAudioEngine>;
  peaks: readonly number[];
  isSignedIn: boolean;
  accent: Accent;
  onAccentChange: (accent: Accent) => void;
  isDataSaverOn: boolean;
  onDataSaverChange: (isOn: boolean) => void;
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
};

/** The track playing: its cover, title and artist, the seek bar, the controls, access and reactions. */
export function PlayerDeck({
  track,
  source,
  engine,
  peaks,
  isSignedIn,
  accent,
  onAccentChange,
  isDataSaverOn,
  onDataSaverChange,
  onPrevious,
  onNext,
}: PlayerDeckProps) {
  const titleId = useId();
  const { state } = engine;
  const isFull = hasFullAccess(track);
  const duration = track.audio_asset.duration ?? state.fileDuration ?? 0;
  const otherAccent = readOtherAccent(accent);
  const cover = track.cover_asset?.secure_url;

  return (
    <article className="player-deck" aria-labelledby={titleId}>
      <div className="player-deck__art">
        {cover ? (
          <img src={cover} alt="" width={320} height={320} />
        ) : (
          <span className="player-deck__art-blank" aria-hidden="true" />
        )}
      </div>
      <div className="player-deck__body">
        <h1 id={titleId} className="player-deck__title">
          {track.title}
        </h1>
        <p className="player-deck__byline">
          <Link to={`/${track.author.pageId}`}>{track.author.pageName}</Link>
          <span className="player-deck__genre"> · {track.genre}</span>
        </p>
        <ProcessingNotice track={track} hasFailed={state.hasFailed} />
        <WaveformSeekBar
          peaks={peaks}
          position={state.position}
          duration={duration}
          canSeek={source?.canSeek ?? false}
          limitSeconds={source?.limitSeconds ?? null}
          onSeek={engine.seekTo}
        />
        <PlayerControls
          isPlaying={state.isPlaying}
          isWaiting={state.isWaiting}
          canPlay={source !== null}
          onPlay={engine.play}
          onPause={engine.pause}
          onPrevious={onPrevious}
          onNext={onNext}
        />
        <AccessPanel track={track} isPreviewOver={state.isPreviewOver} />
        <div className="player-deck__settings">
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={`Accent colour: ${accent}. Switch to ${otherAccent}`}
            onClick={() => onAccentChange(otherAccent)}
          >
            <PaletteIcon className="player-button-icon" />
            <span className="player-deck__accent-name">{accent === 'violet' ? 'Violet' : 'Teal'}</span>
          </button>
          {isFull ? <Switch label="Data saver" isOn={isDataSaverOn} onToggle={onDataSaverChange} /> : null}
        </div>
        <AudioReactions track={track} isSignedIn={isSignedIn} canReact={isFull} />
        <p className="player-deck__plays">{track.plays === 1 ? '1 play' : `${track.plays} plays`}</p>
      </div>
    </article>
  );
}

function ProcessingNotice({ track, hasFailed }: { track: TAudio; hasFailed: boolean }) {
  const { status, failureReason } = track.audio_asset;
  if (status === 'processing') {
    return (
      <p className="player-deck__notice" role="status">
        This track is still being processed. It plays as soon as it is ready.
      </p>
    );
  }
  if (status === 'failed') {
    return (
      <p className="player-deck__notice player-deck__notice--error" role="alert">
        {failureReason ?? 'This audio file could not be processed.'}
      </p>
    );
  }
  if (hasFailed) {
    return (
      <p className="player-deck__notice player-deck__notice--error" role="alert">
        This track could not be played. Check your connection and try again.
      </p>
    );
  }
  return null;
}

/** The deck's shape while the track loads. */
export function PlayerDeckSkeleton() {
  return (
    <div className="player-deck player-deck--skeleton" aria-busy="true">
      <h1 className="visually-hidden">Loading the track</h1>
      <div className="player-deck__art">
        <span className="player-deck__art-blank" />
      </div>
      <div className="player-deck__body">
        <span className="player-deck__line player-deck__line--wide" />
        <span className="player-deck__line" />
        <span className="player-deck__line player-deck__line--wave" />
      </div>
    </div>
  );
}
