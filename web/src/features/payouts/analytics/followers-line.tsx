import type { TCreatorAnalyticsResponse } from '../api/get-creator-analytics';

const HEIGHT = 40;

/** Followers over the range as a line: decoration beside the figures it is drawn from. */
export function FollowersLine({ followers }: { followers: TCreatorAnalyticsResponse['followers'] }) {
  const counts = followers.map((entry) => entry.count);
  const low = Math.min(...counts);
  const high = Math.max(...counts);
  const span = Math.max(high - low, 1);
  const step = followers.length > 1 ? 100 / (followers.length - 1) : 0;
  const points = counts
    .map(
      (count, index) =>
        `${(index * step).toFixed(2)},${(HEIGHT - ((count - low) / span) * (HEIGHT - 4) - 2).toFixed(2)}`,
    )
    .join(' ');
  return (
    <svg
      className="followers-line"
      viewBox={`0 0 100 ${HEIGHT}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      <polyline points={points} vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
