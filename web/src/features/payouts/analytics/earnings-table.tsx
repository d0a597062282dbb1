import { useId, useState } from 'react';
import { formatKwacha } from '../../../lib/money';
import type { TCreatorAnalyticsResponse } from '../api/get-creator-analytics';
import { formatDay } from './chart-scale';
import { PAYOUT_SOURCES, SOURCE_LABELS } from './sources';

type EarningsTableProps = {
  days: TCreatorAnalyticsResponse['days'];
  followers: TCreatorAnalyticsResponse['followers'];
  caption: string;
};

/**
 * The chart's figures, every day of the range: always there for a screen reader (visually
 * hidden until shown), and shown on the page by its button for anyone who prefers numbers.
 */
export function EarningsTable({ days, followers, caption }: EarningsTableProps) {
  const [isShown, setIsShown] = useState(false);
  const tableId = useId();
  const followersByDay = new Map(followers.map((entry) => [entry.day, entry.count]));
  return (
    <div className="earnings-table">
      <button
        type="button"
        className="link-button"
        aria-expanded={isShown}
        aria-controls={tableId}
        onClick={() => setIsShown((shown) => !shown)}
      >
        {isShown ? 'Hide the table' : 'Show the figures as a table'}
      </button>
      {/* Scrolls sideways on a phone rather than widening the page; focusable so a keyboard can scroll it. */}
      <section
        id={tableId}
        className={isShown ? 'earnings-table__scroller' : 'visually-hidden'}
        aria-label={caption}
        tabIndex={isShown ? 0 : undefined}
      >
        <table className="earnings-table__table">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Earned</th>
              {PAYOUT_SOURCES.map((source) => (
                <th key={source} scope="col">
                  {SOURCE_LABELS[source]}
                </th>
              ))}
              <th scope="col">Followers</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day}>
                <th scope="row">
                  <time dateTime={day.day}>{formatDay(day.day, 'long')}</time>
                </th>
                <td>{formatKwacha(day.earned)}</td>
                {PAYOUT_SOURCES.map((source) => (
                  <td key={source}>{formatKwacha(day.bySource[source])}</td>
                ))}
                <td>{followersByDay.get(day.day) ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
