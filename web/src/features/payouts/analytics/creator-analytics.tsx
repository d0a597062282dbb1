import { useState } from 'react';
import { formatKwacha } from '../../../lib/money';
import { RadioGroup } from '../../../ui/radio-group';
import {
  type TAnalyticsRange,
  type TCreatorAnalyticsResponse,
  useCreatorAnalytics,
} from '../api/get-creator-analytics';
import { EarningsChart } from './earnings-chart';
import { EarningsTable } from './earnings-table';
import { FollowersLine } from './followers-line';
import { PAYOUT_SOURCES, SOURCE_LABELS } from './sources';

const RANGE_CHOICES: { value: TAnalyticsRange; label: string }[] = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
];

/**
 * The creator's dashboard below their payouts: earnings by day for 7, 30 or 90 days (a chart
 * with its table), by source, passes and renewals, top-earning items and followers.
 */
export default function CreatorAnalytics() {
  const [range, setRange] = useState<TAnalyticsRange>('30');
  const analytics = useCreatorAnalytics(range);
  return (
    <section className="payouts__section analytics" aria-labelledby="analytics-title">
      <h2 id="analytics-title" className="payouts__section-title">
        Analytics
      </h2>
      <RadioGroup
        legend="Show the last"
        layout="chips"
        name="analytics-range"
        choices={RANGE_CHOICES}
        value={range}
        onChange={setRange}
      />
      {analytics.isPending ? (
        <p role="status">Loading…</p>
      ) : analytics.isError ? (
        <p className="payouts__empty" role="alert">
          Your analytics could not be loaded. Try again later.
        </p>
      ) : (
        <AnalyticsFigures data={analytics.data} isUpdating={analytics.isPlaceholderData} />
      )}
    </section>
  );
}

function AnalyticsFigures({ data, isUpdating }: { data: TCreatorAnalyticsResponse; isUpdating: boolean }) {
  const days = `the last ${data.range} days`;
  const firstFollowers = data.followers[0]?.count ?? 0;
  const lastFollowers = data.followers.at(-1)?.count ?? 0;
  const change = lastFollowers - firstFollowers;
  return (
    <div className="analytics__figures" aria-busy={isUpdating || undefined}>
      <div className="analytics__block">
        <h3 className="analytics__title">Earnings by day</h3>
        <p className="analytics__lead" data-testid="analytics-total">
          {formatKwacha(data.totals.earned)} earned in {days}, from {data.totals.purchases}{' '}
          {data.totals.purchases === 1 ? 'purchase' : 'purchases'}.
        </p>
        <EarningsChart days={data.days} />
        <EarningsTable
          days={data.days}
          followers={data.followers}
          caption={`Earnings and followers by day, ${days}`}
        />
      </div>

      <div className="analytics__block">
        <h3 className="analytics__title">By source</h3>
        <ul className="analytics__sources">
          {PAYOUT_SOURCES.map((source) => {
            const earned = data.totals.bySource[source];
            const share = data.totals.earned > 0 ? Math.round((earned / data.totals.earned) * 100) : 0;
            return (
              <li key={source} className="analytics__source">
                <span className={`chart__swatch chart__bar--${source}`} aria-hidden="true" />
                <span className="analytics__source-name">{SOURCE_LABELS[source]}</span>
                <span className="analytics__source-amount">
                  {formatKwacha(earned)} <span className="analytics__muted">({share}%)</span>
                </span>
              </li>
            );
          })}
        </ul>
      </div>

      <div className="analytics__block">
        <h3 className="analytics__title">Passes</h3>
        <dl className="analytics__stats">
          <div>
            <dt>Active now</dt>
            <dd>{data.passes.active}</dd>
          </div>
          <div>
            <dt>Sold in {days}</dt>
            <dd>{data.passes.sold}</dd>
          </div>
          <div>
            <dt>Renewals</dt>
            <dd>{data.passes.renewals}</dd>
          </div>
        </dl>
      </div>

      <div className="analytics__block">
        <h3 className="analytics__title">Top-earning items</h3>
        {data.topItems.length === 0 ? (
          <p className="analytics__muted">No unlocks or tips yet.</p>
        ) : (
          <ol className="analytics__items">
            {data.topItems.map((item) => (
              <li key={item.itemKey} className="analytics__item">
                <span className="analytics__item-title">{item.title}</span>
                <span className="analytics__item-figures">
                  {formatKwacha(item.earned)}{' '}
                  <span className="analytics__muted">
                    · {item.purchases} {item.purchases === 1 ? 'purchase' : 'purchases'}
                  </span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>

      <div className="analytics__block">
        <h3 className="analytics__title">Followers</h3>
        <p className="analytics__lead">
          {lastFollowers} {lastFollowers === 1 ? 'follower' : 'followers'},{' '}
          {change === 0 ? 'no change' : `${change > 0 ? '+' : '−'}${Math.abs(change)}`} in {days}.
        </p>
        {data.followers.length > 1 ? <FollowersLine followers={data.followers} /> : null}
      </div>
    </div>
  );
}
