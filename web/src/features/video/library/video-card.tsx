import type { TVideo } from '@stagepass/contract/video';
import { Link } from 'react-router';
import { formatClock } from '../../../lib/format-clock';
import { PriceTag } from '../../../ui/item/price-tag';
import { formatEpisodeCount, formatViews } from '../video-format';

/** Where a video or a series is watched (a series opens on the episode to go on with). */
export function toWatchPath(videoId: string): string {
  return `/watch/${videoId}`;
}

/** The picture of a video or a series: its own cover, else the poster, else its blurred placeholder. */
export function readPicture(video: TVideo): string | null {
  return video.cover_url ?? video.stream?.poster_url ?? video.stream?.placeholder_url ?? null;
}

type VideoCardProps = {
  video: TVideo;
  /** Leaves out the creator's name (their own page lists them). */
  hidesAuthor?: boolean;
};

/**
 * A video or a series in a grid: its picture with its length (or its episodes), its title
 * as the link to watch it, who made it, its views and what opens it. Its author also sees
 * how processing goes, or why it failed.
 */
export function VideoCard({ video, hidesAuthor = false }: VideoCardProps) {
  const picture = readPicture(video);
  const isSeries = video.type === 'series';
  const duration = video.stream?.duration ?? null;
  return (
    <article className="video-card">
      <div className="video-card__picture">
        {picture ? <img src={picture} alt="" loading="lazy" decoding="async" /> : null}
        {video.status === 'processing' ? (
          <span className="video-card__corner">Processing {video.processingProgress} %</span>
        ) : video.status === 'failed' ? (
          <span className="video-card__corner video-card__corner--failed">Failed</span>
        ) : isSeries ? (
          <span className="video-card__corner">Series · {formatEpisodeCount(video.episodesCount)}</span>
        ) : duration ? (
          <span className="video-card__corner">
            <span className="visually-hidden">Length </span>
            {formatClock(duration)}
          </span>
        ) : null}
      </div>
      <h3 className="video-card__title">
        <Link className="video-card__link" to={toWatchPath(video._id)}>
          {video.title}
        </Link>
      </h3>
      <p className="video-card__meta">
        {hidesAuthor ? null : <span>{video.author.pageName}</span>}
        {video.series ? (
          <span>
            Episode {video.series.position} of {video.series.title}
          </span>
        ) : null}
        {video.status === 'ready' && !isSeries ? <span>{formatViews(video.views)}</span> : null}
      </p>
      {video.status === 'failed' && video.failureReason ? (
        <p className="video-card__failure">{video.failureReason}</p>
      ) : null}
      <PriceTag
        item={{
          visibility: video.visibility,
          price: video.price,
          isLocked: !video.hasPaid,
          isOwn: video.profileInteraction === 'AUTHOR',
        }}
        showsLock
        className="video-card__tag"
      />
    </article>
  );
}

/** A grid of video cards, named for screen readers. */
export function VideoGrid({
  videos,
  label,
  hidesAuthor,
  isBusy,
}: {
  videos: readonly TVideo[];
  label: string;
  hidesAuthor?: boolean;
  isBusy?: boolean;
}) {
  return (
    <ul className="video-grid" aria-label={label} aria-busy={isBusy}>
      {videos.map((video) => (
        <li key={video._id}>
          <VideoCard video={video} hidesAuthor={hidesAuthor} />
        </li>
      ))}
    </ul>
  );
}

/** Stand-ins for a page of cards while it loads. */
export function VideoGridSkeleton({ label, count = 6 }: { label: string; count?: number }) {
  return (
    <ul className="video-grid" aria-label={label} aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="video-card video-card--skeleton" aria-hidden="true">
          <div className="video-card__picture" />
          <div className="video-card__skeleton-line" />
          <div className="video-card__skeleton-line video-card__skeleton-line--short" />
        </li>
      ))}
    </ul>
  );
}
