import type { TAnalyticsRange, TCreatorAnalyticsResponse } from '@stagepass/contract/creator-analytics';
import { PAYOUT_SOURCES, type TPayoutSource } from '@stagepass/contract/payouts';
import type { Db } from '../../db/client.ts';
import { readItemNames } from '../items/items.service.ts';
import { readEarningsByDay, readTopEarningItems } from '../money/payouts/earnings.service.ts';
import { countActivePasses } from '../passes/passes.service.ts';
import { readFollowerHistory } from '../profiles/follows.service.ts';

/**
 * The creator's dashboard, composed from the modules that own each figure: earnings from
 * money's rollups, passes from passes, titles from posts, followers from profiles. Every
 * read is a few indexed rows per day, never a scan of the purchases (decision 019).
 */

const TOP_ITEMS = 5;
const DAY_MS = 86_400_000;

export async function readCreatorAnalytics(options: {
  db: Db;
  creatorId: string;
  range: TAnalyticsRange;
  now?: Date;
}): Promise<Omit<TCreatorAnalyticsResponse, 'success'>> {
  const { db, creatorId, range } = options;
  const days = listDays(options.now ?? new Date(), Number(range));
  const [earnedRows, topItems, activePasses, followers] = await Promise.all([
    readEarningsByDay(db, creatorId, days[0]!),
    readTopEarningItems(db, creatorId, TOP_ITEMS),
    countActivePasses(db, creatorId),
    readFollowerHistory(db, creatorId, days),
  ]);

  const byDay = new Map(days.map((day) => [day, { day, earned: 0, bySource: emptyBySource() }]));
  const totals = { earned: 0, purchases: 0, bySource: emptyBySource() };
  const passes = { active: activePasses, renewals: 0, sold: 0 };
  for (const row of earnedRows) {
    const entry = byDay.get(row.day);
    if (!entry || !isSource(row.source)) continue;
    entry.earned += row.earned;
    entry.bySource[row.source] += row.earned;
    totals.earned += row.earned;
    totals.purchases += row.purchases;
    totals.bySource[row.source] += row.earned;
    if (row.source === 'pass') {
      passes.sold += row.purchases;
      passes.renewals += row.renewals;
    }
  }

  // The catalogue names each item by its kind (money's rollup keeps only the id).
  const names = await readItemNames(
    db,
    creatorId,
    topItems.map((item) => item.itemId),
  );
  return {
    range,
    currency: 'ZMW',
    days: [...byDay.values()],
    totals,
    passes,
    topItems: topItems.flatMap(({ itemId, earned, purchases }) => {
      const name = names.get(itemId);
      // Deleted since this read began (its earnings row goes with it).
      return name ? [{ itemKey: `${name.kind}:${itemId}`, title: name.title, earned, purchases }] : [];
    }),
    followers,
  };
}

/** The last `count` UTC days, oldest first, today included. */
function listDays(now: Date, count: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, index) =>
    new Date(today - (count - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

const emptyBySource = () =>
  Object.fromEntries(PAYOUT_SOURCES.map((source) => [source, 0])) as Record<TPayoutSource, number>;

const isSource = (source: string): source is TPayoutSource =>
  (PAYOUT_SOURCES as readonly string[]).includes(source);
