import { formatKwacha } from '../../../lib/money';
import {
  PerformanceFigures,
  PerformanceLoadFailure,
  PerformanceLoading,
} from '../../../ui/item/performance-figures';
import { countReactions } from '../../../ui/item/reactions';
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
      <PerformanceLoadFailure className="video-performance" onRetry={() => void performance.refetch()} />
    );
  }
  if (!figures) return <PerformanceLoading className="video-performance" />;
  return (
    <PerformanceFigures
      className="video-performance video-performance__figures"
      figureClassName="video-performance__figure"
      label="Performance"
      figures={[
        { term: 'Views', value: String(figures.views) },
        { term: 'Viewers', value: String(figures.viewers) },
        { term: 'Watch time', value: formatWatchTime(figures.watchSeconds) },
        { term: 'Completion', value: `${Math.round(figures.completionRate * 100)} %` },
        { term: 'Reactions', value: String(countReactions(figures.reactions)) },
        { term: 'Unlocks', value: String(figures.unlocks) },
        { term: 'Earnings', value: formatKwacha(figures.earnings) },
      ]}
    />
  );
}
