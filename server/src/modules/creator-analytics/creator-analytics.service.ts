import type { TAnalyticsRange, TCreatorAnalyticsResponse } from '@stagepass/contract/creator-analytics';
import { PAYOUT_SOURCES, type TPayoutSource } from '@stagepass/contract/payouts';
import type { Db } from '../../db/client.ts';
import { readTrackTitles } from '../audio/audio-titles.service.ts';
import { readEarningsByDay, readTopEarningItems } from '../money/payouts/earnings.service.ts';
import { countActivePasses } from '../passes/passes.service.ts';
import { readPostTitles } from '../posts/post-titles.service.ts';
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

  // Item keys are '<type>:<id>' (money's item rollup): posts and audio tracks are named by their modules.
  const idsOf = (prefix: string) =>
    topItems.flatMap((item) => (item.itemKey.startsWith(prefix) ? [item.itemKey.slice(prefix.length)] : []));
  const [postTitles, trackTitles] = await Promise.all([
    readPostTitles(db, creatorId, idsOf('post:')),
    readTrackTitles(db, creatorId, idsOf('audio:')),
  ]);
  return {
    range,
    currency: 'ZMW',
    days: [...byDay.values()],
    totals,
    passes,
    topItems: topItems.map((item) => ({
      ...item,
      title: titleOf(item.itemKey, postTitles, trackTitles),
    })),
    followers,
  };
}

function titleOf(itemKey: string, postTitles: Map<string, string>, trackTitles: Map<string, string>): string {
  if (itemKey.startsWith('audio:')) return trackTitles.get(itemKey.slice(6)) ?? 'A deleted track';
  return postTitles.get(itemKey.slice(5)) ?? 'A deleted post';
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
