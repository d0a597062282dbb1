import type { TVideo } from '@stagepass/contract/video';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatClock } from '../../../lib/format-clock';
import { LockIcon } from '../../../ui/page-icons';
import { readPicture, toWatchPath } from '../library/video-card';
import { formatEpisodeCount } from '../video-format';

type EpisodeListProps = {
  series: TVideo & { episodes: TVideo[] };
  currentId: string;
};

/**
 * The episodes of the series, in order, the one playing marked (aria-current): beside the
 * player on a wide screen, under it on a phone. A locked episode says so.
 */
export function EpisodeList({ series, currentId }: EpisodeListProps) {
  const headingId = useId();
  return (
    <section className="episode-list" aria-labelledby={headingId}>
      <h2 id={headingId} className="episode-list__title">
        Episodes of {series.title}
      </h2>
      <p className="episode-list__count">{formatEpisodeCount(series.episodes.length)}</p>
      <ol className="episode-list__items">
        {series.episodes.map((episode, index) => {
          const isCurrent = episode._id === currentId;
          const picture = readPicture(episode);
          const duration = episode.stream?.duration ?? null;
          return (
            <li key={episode._id}>
              <Link
                to={toWatchPath(episode._id)}
                className={
                  isCurrent ? 'episode-list__link episode-list__link--current' : 'episode-list__link'
                }
                aria-current={isCurrent ? 'page' : undefined}
              >
                <span className="episode-list__position">{episode.series?.position ?? index + 1}</span>
                <span className="episode-list__picture">
                  {picture ? <img src={picture} alt="" loading="lazy" decoding="async" /> : null}
                </span>
                <span className="episode-list__text">
                  <span className="episode-list__name">{episode.title}</span>
                  <span className="episode-list__meta">
                    {isCurrent ? <span className="badge">Now playing</span> : null}
                    {duration ? <span>{formatClock(duration)}</span> : null}
                    {episode.hasPaid ? null : (
                      <span className="episode-list__locked">
                        <LockIcon />
                        Locked
                      </span>
                    )}
                  </span>
                </span>
              </Link>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
