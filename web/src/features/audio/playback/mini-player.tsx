import { Link } from 'react-router';
import { CloseIcon } from '../../../ui/icons';
import { readLockOffer, useOpenItemLock } from '../../../ui/item/lock-panel';
import { PauseIcon, PlayIcon } from '../../../ui/player-icons';
import { toPlayerPath } from '../audio-format';
import { NextIcon } from '../player/components/player-icons';
import { hasFullAccess } from '../player/playback-source';
import { closePlayback } from './playback-session';
import type { Playback } from './playback-store';
import './mini-player.css';

/**
 * The mini-player, at the bottom of every page but the player's while a track is open: the
 * track (a link back to its player page), play or pause, next, and close, which stops the
 * sound. A preview stops at 30 s here too, and then offers its unlock. It takes its own
 * room at the end of the page (sticky), so it never hides the page's last lines.
 */
export function MiniPlayer({ playback }: { playback: Playback }) {
  const { session, track, source, engine, goNext } = playback;
  const openLock = useOpenItemLock();
  const { state } = engine;
  const duration = track?.audio_asset.duration ?? state.fileDuration ?? 0;
  const end = source?.limitSeconds != null ? Math.min(duration, source.limitSeconds) : duration;
  const progress = end > 0 ? Math.min(1, state.position / end) : 0;
  const isPreviewOver = state.isPreviewOver && track !== undefined && !hasFullAccess(track);

  return (
    <section className="mini-player" aria-label="Now playing">
      <span
        className="mini-player__progress"
        aria-hidden="true"
        style={{ transform: `scaleX(${progress})` }}
      />
      <Link className="mini-player__track" to={toPlayerPath(session.username, session.audioId)}>
        {track?.cover_asset?.secure_url ? (
          <img
            className="mini-player__cover"
            src={track.cover_asset.secure_url}
            alt=""
            width={40}
            height={40}
          />
        ) : (
          <span className="mini-player__cover mini-player__cover--blank" aria-hidden="true" />
        )}
        <span className="mini-player__text">
          <span className="visually-hidden">Open the player: </span>
          <span className="mini-player__title">{track?.title ?? 'Loading the track…'}</span>
          <span className="mini-player__meta">
            {isPreviewOver ? 'Preview ended' : (track?.author.pageName ?? '')}
          </span>
        </span>
      </Link>
      <div className="mini-player__controls">
        {isPreviewOver && track ? (
          <button
            type="button"
            className="button button--primary button--small mini-player__unlock"
            onClick={() => openLock({ ...track, itemId: track.audioId })}
          >
            {readLockOffer(track)}
          </button>
        ) : (
          <button
            type="button"
            className="mini-player__button mini-player__button--play"
            aria-label={state.isPlaying ? 'Pause' : 'Play'}
            aria-busy={state.isPlaying && state.isWaiting ? true : undefined}
            disabled={!source}
            onClick={state.isPlaying ? engine.pause : engine.play}
          >
            {state.isPlaying ? <PauseIcon /> : <PlayIcon />}
          </button>
        )}
        <button
          type="button"
          className="mini-player__button"
          aria-label="Next track"
          disabled={!goNext}
          onClick={() => goNext?.()}
        >
          <NextIcon />
        </button>
        <button
          type="button"
          className="mini-player__button"
          aria-label="Close the player"
          onClick={closePlayback}
        >
          <CloseIcon />
        </button>
      </div>
    </section>
  );
}
