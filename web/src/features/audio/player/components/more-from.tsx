import type { TAudio } from '@stagepass/contract/audio';
import { useId } from 'react';
import { Link } from 'react-router';
import { useCreatorVideos, useRelatedAudios } from '../../api/player-more-from';

/** How many of each the row shows. */
const SHOWN = 6;

type MoreFromProps = {
  track: TAudio;
  /** Tracks already in the player's list, left out of the related ones. */
  listedIds: ReadonlySet<string>;
  /** A related track chosen: it starts in the tap (playback/play-now.ts) as its page opens. */
  onPlay: (username: string, track: TAudio) => void;
};

/**
 * "More from {name}": the creator's videos, and tracks related to this one (the same genre,
 * other creators too) that are not in the list already. Each is a link; nothing shows when
 * there is nothing to show.
 */
export function MoreFrom({ track, listedIds, onPlay }: MoreFromProps) {
  const headingId = useId();
  const videos = useCreatorVideos(track.author.pageId, { isEnabled: true });
  const related = useRelatedAudios(track.audioId, { isEnabled: true });
  const relatedTracks = (related.data?.audios ?? [])
    .filter((other) => other.audioId !== track.audioId && !listedIds.has(other.audioId))
    .slice(0, SHOWN);
  const videoPosts = (videos.data?.videos ?? []).slice(0, SHOWN);
  if (relatedTracks.length === 0 && videoPosts.length === 0) return null;

  return (
    <section className="more-from" aria-labelledby={headingId}>
      <h2 id={headingId} className="more-from__heading">
        More from {track.author.pageName}
      </h2>
      <ul className="more-from__items">
        {videoPosts.map((video) => (
          <li key={video.postId}>
            <Link className="more-from__item" to={`/feed/${video.postId}`}>
              <span className="more-from__kind">Video</span>
              <span className="more-from__title">{video.description || 'A video'}</span>
            </Link>
          </li>
        ))}
        {relatedTracks.map((other) => (
          <li key={other.audioId}>
            <Link
              className="more-from__item"
              to={`/${other.author.pageId}/audio/${other.audioId}`}
              onClick={() => onPlay(other.author.pageId, other)}
            >
              <span className="more-from__kind">Track · {other.genre}</span>
              <span className="more-from__title">{other.title}</span>
              {other.author.userId !== track.author.userId ? (
                <span className="more-from__by">{other.author.pageName}</span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
