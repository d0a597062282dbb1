import { formatKwacha } from '../../../lib/money';
import { useVideoPerformance } from '../api/get-video-performance';

/** Watch time as people say it: '45 s', '12 min', '3 h 20 min'. */
export function formatWatchTime(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * A video's figures for its author, under its row (video-perfomance, from the daily
 * rollups): views, viewers, watch time, completion, reactions, unlocks and what its
 * unlocks earned after the platform's fee.
 */
export function VideoPerformance({ videoId }: { videoId: string }) {
  const performance = useVideoPerformance(videoId);
  const figures = performance.data?.performance;
  if (performance.isError) {
    return (
      <div className="video-performance" role="alert">
        <p>The figures could not be loaded.</p>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => void performance.refetch()}
        >
          Try again
        </button>
      </div>
    );
  }
  if (!figures) {
    return (
      <p className="video-performance" role="status">
        Loading the figures…
      </p>
    );
  }
  const reactions = Object.values(figures.reactions).reduce((sum, count) => sum + count, 0);
  return (
    <dl className="video-performance video-performance__figures" aria-label="Performance">
      <Figure term="Views" value={String(figures.views)} />
      <Figure term="Viewers" value={String(figures.viewers)} />
      <Figure term="Watch time" value={formatWatchTime(figures.watchSeconds)} />
      <Figure term="Completion" value={`${Math.round(figures.completionRate * 100)} %`} />
      <Figure term="Reactions" value={String(reactions)} />
      <Figure term="Unlocks" value={String(figures.unlocks)} />
      <Figure term="Earnings" value={formatKwacha(figures.earnings)} />
    </dl>
  );
}

function Figure({ term, value }: { term: string; value: string }) {
  return (
    <div className="video-performance__figure">
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
