import type { TAudio } from '@stagepass/contract/audio';
import { useId } from 'react';
import { formatClock } from '../../../../lib/format-clock';
import { hasFullAccess } from '../playback-source';

/** The spec's count of skeletons for an audio list. */
const SKELETON_COUNT = 10;

type TrackListProps = {
  heading: string;
  tracks: readonly TAudio[];
  currentId: string;
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onChoose: (audioId: string) => void;
  onLoadMore: () => void;
  onRetry: () => void;
};

/**
 * The player's list: the creator's tracks in the order Next and Previous follow, the one
 * playing marked (aria-current). More load by themselves as playback nears the end of those
 * loaded (usePlayerList), or with More tracks.
 */
export function TrackList({
  heading,
  tracks,
  currentId,
  isPending,
  isError,
  hasNextPage,
  isFetchingNextPage,
  onChoose,
  onLoadMore,
  onRetry,
}: TrackListProps) {
  const headingId = useId();

  return (
    <section className="player-list" aria-labelledby={headingId}>
      <h2 id={headingId} className="player-list__heading">
        {heading}
      </h2>
      {isError && tracks.length === 0 ? (
        <div className="player-list__error" role="alert">
          <p className="player-list__error-title">Unable to load tracks!</p>
          <p className="player-list__error-text">
            Make sure your're connected to the internet and try again..
          </p>
          <button type="button" className="button button--secondary button--small" onClick={onRetry}>
            Try again
          </button>
        </div>
      ) : null}
      {isPending ? <TrackSkeletons count={SKELETON_COUNT} /> : null}
      {tracks.length > 0 ? (
        <ol className="player-list__items">
          {tracks.map((track) => (
            <li key={track.audioId}>
              <button
                type="button"
                className="player-list__track"
                aria-current={track.audioId === currentId ? 'true' : undefined}
                onClick={() => onChoose(track.audioId)}
              >
                <TrackThumb track={track} />
                <span className="player-list__text">
                  <span className="player-list__title">{track.title}</span>
                  <span className="player-list__meta">
                    {track.genre}
                    {hasFullAccess(track) ? '' : ' · Preview'}
                  </span>
                </span>
                <span className="player-list__duration">
                  {track.audio_asset.duration !== null ? formatClock(track.audio_asset.duration) : ''}
                </span>
              </button>
            </li>
          ))}
        </ol>
      ) : null}
      {isFetchingNextPage ? <TrackSkeletons count={2} /> : null}
      {hasNextPage && !isFetchingNextPage && tracks.length > 0 ? (
        <button type="button" className="button button--secondary player-list__more" onClick={onLoadMore}>
          More tracks
        </button>
      ) : null}
    </section>
  );
}

function TrackThumb({ track }: { track: TAudio }) {
  const cover = track.cover_asset?.secure_url;
  return cover ? (
    <img className="player-list__thumb" src={cover} alt="" width={44} height={44} loading="lazy" />
  ) : (
    <span className="player-list__thumb player-list__thumb--blank" aria-hidden="true" />
  );
}

function TrackSkeletons({ count }: { count: number }) {
  return (
    <ul className="player-list__skeletons" aria-busy="true" aria-label="Loading tracks">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="player-list__skeleton" />
      ))}
    </ul>
  );
}
