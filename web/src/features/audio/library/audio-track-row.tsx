import type { TAudio } from '@stagepass/contract/audio';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { PriceTag } from '../../../ui/item/price-tag';
import { AudioIcon } from '../../../ui/page-icons';
import { RoundedPlayIcon } from '../../../ui/player-icons';
import { formatTrackLength, toPlayerPath } from '../audio-format';
import { playTrackNow } from '../playback/play-now';
import { TrackOptions } from './track-options';

// Loaded when its author first asks for a track's figures.
const AudioPerformance = lazy(() => import('./audio-performance'));

type AudioTrackRowProps = {
  audio: TAudio;
  /** The creator's username, for the player page's address. */
  username: string;
  isCompact: boolean;
  onDeleted: () => void;
};

/**
 * One track: its cover (or a placeholder), title, genre and length, a lock with its price
 * or 'Pass holders' when the viewer may hear only the preview, and the whole row plays it
 * at once and opens the player page. Its author also gets Delete track, Remove cover and Performance.
 */
export function AudioTrackRow({ audio, username, isCompact, onDeleted }: AudioTrackRowProps) {
  const [isPerformanceShown, setIsPerformanceShown] = useState(false);
  const isAuthor = audio.profileInteraction === 'AUTHOR';
  const length = formatTrackLength(audio.audio_asset);
  const coverUrl = audio.cover_asset?.secure_url;

  return (
    <li className={isCompact ? 'audio-track audio-track--compact' : 'audio-track'}>
      <div className="audio-track__row">
        {coverUrl ? (
          <img className="audio-track__cover" src={coverUrl} alt="" width={56} height={56} loading="lazy" />
        ) : (
          <span className="audio-track__cover audio-track__cover--placeholder" aria-hidden="true">
            <AudioIcon />
          </span>
        )}
        <div className="audio-track__text">
          {/* The row's one link: it covers the whole row (the menu stays above it). The track
              starts in the tap itself, as its player page opens. */}
          <Link
            className="audio-track__title"
            to={toPlayerPath(username, audio.audioId)}
            onClick={() => playTrackNow(username, audio)}
          >
            <span className="visually-hidden">Play </span>
            {audio.title}
          </Link>
          <p className="audio-track__meta">
            <span>{audio.genre}</span>
            <span aria-hidden="true"> · </span>
            <span className="audio-track__length">
              <span aria-hidden="true">{length.text}</span>
              <span className="visually-hidden">{length.label}</span>
            </span>
            <PriceTag
              item={{ ...audio, isLocked: !audio.hasPaid, isOwn: isAuthor }}
              showsLock
              openClassName="badge--muted"
            />
          </p>
        </div>
        <span className="audio-track__play" aria-hidden="true">
          <RoundedPlayIcon />
        </span>
        {isAuthor && !isCompact ? (
          <TrackOptions
            audio={audio}
            isPerformanceShown={isPerformanceShown}
            onTogglePerformance={() => setIsPerformanceShown((shown) => !shown)}
            onDeleted={onDeleted}
          />
        ) : null}
      </div>
      {isPerformanceShown ? (
        <Suspense
          fallback={
            <p className="audio-performance audio-performance--loading" role="status">
              Loading the figures…
            </p>
          }
        >
          <AudioPerformance audio={audio} onClose={() => setIsPerformanceShown(false)} />
        </Suspense>
      ) : null}
    </li>
  );
}
