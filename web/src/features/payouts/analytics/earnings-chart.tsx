import { formatKwacha } from '../../../lib/money';
import type { TCreatorAnalyticsResponse } from '../api/get-creator-analytics';
import { chooseTicks, formatDay } from './chart-scale';
import { PAYOUT_SOURCES, SOURCE_LABELS } from './sources';

type Day = TCreatorAnalyticsResponse['days'][number];

// The plot's own units: one unit of width a day, 100 of height for the top tick. The SVG
// stretches to its box (preserveAspectRatio none) and holds no text, so nothing is squeezed;
// the labels around it are HTML.
const HEIGHT = 100;
const BAR_SHARE = 0.7;

/**
 * Earnings by day as stacked bars, one colour a source. A picture for sighted readers only
 * (aria-hidden): the table beside it (EarningsTable) holds the same figures for everyone.
 */
export function EarningsChart({ days }: { days: Day[] }) {
  const max = Math.max(0, ...days.map((day) => day.earned));
  const ticks = chooseTicks(max);
  const top = ticks.at(-1) ?? 100;
  const toY = (ngwee: number) => HEIGHT - (ngwee / top) * HEIGHT;
  const labelled = [days[0], days[Math.floor(days.length / 2)], days.at(-1)].filter(
    (day, index, all): day is Day => day !== undefined && all.indexOf(day) === index,
  );

  return (
    <div className="chart" aria-hidden="true">
      <div className="chart__body">
        <div className="chart__ticks">
          {[...ticks].reverse().map((tick) => (
            <span key={tick}>{formatKwacha(tick)}</span>
          ))}
        </div>
        <svg
          className="chart__plot"
          viewBox={`0 0 ${Math.max(days.length, 1)} ${HEIGHT}`}
          preserveAspectRatio="none"
          aria-hidden="true"
          focusable="false"
        >
          {ticks.map((tick) => (
            <line
              key={tick}
              className="chart__grid"
              x1={0}
              x2={days.length}
              y1={toY(tick)}
              y2={toY(tick)}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {days.map((day, index) => {
            let base = 0;
            return (
              <g key={day.day}>
                {PAYOUT_SOURCES.map((source) => {
                  const value = day.bySource[source];
                  if (value <= 0) return null;
                  const rect = (
                    <rect
                      key={source}
                      className={`chart__bar chart__bar--${source}`}
                      x={index + (1 - BAR_SHARE) / 2}
                      width={BAR_SHARE}
                      y={toY(base + value)}
                      height={(value / top) * HEIGHT}
                    />
                  );
                  base += value;
                  return rect;
                })}
              </g>
            );
          })}
        </svg>
      </div>
      <div className="chart__days">
        {labelled.map((day) => (
          <span key={day.day}>{formatDay(day.day)}</span>
        ))}
      </div>
      <ul className="chart__legend">
        {PAYOUT_SOURCES.map((source) => (
          <li key={source}>
            <span className={`chart__swatch chart__bar--${source}`} />
            {SOURCE_LABELS[source]}
          </li>
        ))}
      </ul>
    </div>
  );
}
