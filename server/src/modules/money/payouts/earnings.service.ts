import { PAYOUT_SOURCES, type TEarningsResponse, type TPayoutSource } from '@stagepass/contract/payouts';
import { and, desc, eq, gt, gte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  creatorEarningsDaily,
  creatorItemEarnings,
  items,
  payouts,
  purchases,
} from '../../../db/schema/index.ts';
import { earningsAccountId, readBalance } from '../ledger/ledger.service.ts';

/**
 * A creator's earnings: the ledger's earnings account is what they have; what a card paid
 * lately is held back (EARNINGS_HOLD_HOURS, a card payment can still be disputed); payouts
 * not final are on their way, completed ones paid out. The by-source totals come from the
 * daily rollup kept with every purchase's booking, never from scanning the purchases.
 */

const HOUR_MS = 3_600_000;

/** Ngwee earned from card-funded purchases within the hold, not yet to be paid out. */
export async function readHeldEarnings(
  db: Pick<Db, 'select'>,
  creatorId: string,
  holdHours: number,
  now = new Date(),
): Promise<number> {
  if (holdHours <= 0) return 0;
  const [held] = await db
    .select({ amount: sql<string | null>`sum(${purchases.amount} - ${purchases.fee})` })
    .from(purchases)
    .where(
      and(
        eq(purchases.creatorId, creatorId),
        eq(purchases.status, 'completed'),
        eq(purchases.funding, 'card'),
        gt(purchases.completedAt, new Date(now.getTime() - holdHours * HOUR_MS)),
      ),
    );
  return Number(held?.amount ?? 0);
}

/** What may be paid out now: the earnings less what is held, never below zero. */
export async function readAvailableEarnings(
  db: Pick<Db, 'select'>,
  creatorId: string,
  holdHours: number,
): Promise<{ balance: number; held: number; available: number }> {
  const [balance, held] = await Promise.all([
    readBalance(db, earningsAccountId(creatorId)),
    readHeldEarnings(db, creatorId, holdHours),
  ]);
  return { balance, held: Math.min(held, balance), available: Math.max(0, balance - held) };
}

export async function readEarnings(options: {
  db: Db;
  creatorId: string;
  holdHours: number;
  minimumPayout: number;
  isAutoPayoutEnabled: boolean;
  lastAutoPayout: { day: string; note: string } | null;
}): Promise<Omit<TEarningsResponse, 'success'>> {
  const { db, creatorId } = options;
  const [earnings, [payoutTotals], sources] = await Promise.all([
    readAvailableEarnings(db, creatorId, options.holdHours),
    db
      .select({
        onItsWay: sql<string>`coalesce(sum(${payouts.amount}) filter (where ${payouts.status} in ('INITIATED', 'ACCEPTED', 'ENQUEUED', 'SUBMITTED')), 0)`,
        paidOut: sql<string>`coalesce(sum(${payouts.amount}) filter (where ${payouts.status} = 'COMPLETED'), 0)`,
      })
      .from(payouts)
      .where(eq(payouts.userId, creatorId)),
    db
      .select({
        source: creatorEarningsDaily.source,
        earned: sql<string>`sum(${creatorEarningsDaily.earned})`,
      })
      .from(creatorEarningsDaily)
      .where(eq(creatorEarningsDaily.creatorId, creatorId))
      .groupBy(creatorEarningsDaily.source),
  ]);
  const bySource = Object.fromEntries(PAYOUT_SOURCES.map((source) => [source, 0])) as Record<
    TPayoutSource,
    number
  >;
  for (const row of sources) {
    if ((PAYOUT_SOURCES as readonly string[]).includes(row.source)) {
      bySource[row.source as TPayoutSource] = Number(row.earned);
    }
  }
  return {
    currency: 'ZMW',
    available: earnings.available,
    held: earnings.held,
    onItsWay: Number(payoutTotals?.onItsWay ?? 0),
    paidOut: Number(payoutTotals?.paidOut ?? 0),
    bySource,
    minimumPayout: options.minimumPayout,
    autoPayout: { enabled: options.isAutoPayoutEnabled, lastRun: options.lastAutoPayout },
  };
}

/**
 * Keeps the rollups the earnings and analytics read, in the purchase's own transaction:
 * what the creator earned that day from that source, and what the item earned in all.
 */
export async function recordEarnings(
  tx: Pick<Db, 'insert' | 'execute'>,
  purchase: {
    creatorId: string;
    kind: string;
    earned: number;
    completedAt: Date;
    /** The item of a purchase of one item (an unlock, a tip on a post); null otherwise. */
    itemId: string | null;
    /** A pass bought again by a fan who had one. */
    isRenewal: boolean;
  },
): Promise<void> {
  await tx
    .insert(creatorEarningsDaily)
    .values({
      creatorId: purchase.creatorId,
      day: purchase.completedAt.toISOString().slice(0, 10),
      source: purchase.kind,
      earned: purchase.earned,
      purchases: 1,
      renewals: purchase.isRenewal ? 1 : 0,
    })
    .onConflictDoUpdate({
      target: [creatorEarningsDaily.creatorId, creatorEarningsDaily.day, creatorEarningsDaily.source],
      set: {
        earned: sql`${creatorEarningsDaily.earned} + excluded.earned`,
        purchases: sql`${creatorEarningsDaily.purchases} + 1`,
        renewals: sql`${creatorEarningsDaily.renewals} + excluded.renewals`,
      },
    });
  if (!purchase.itemId) return;
  // Only while the item exists: one deleted since the purchase began keeps its earnings in
  // the day's rollup above, and its foreign key would otherwise fail the whole purchase.
  await tx.execute(sql`
    insert into ${creatorItemEarnings} (creator_id, item_id, earned, purchases, last_earned_at)
    select ${purchase.creatorId}, ${items.id}, ${purchase.earned}, 1, ${purchase.completedAt.toISOString()}::timestamptz
    from ${items} where ${items.id} = ${purchase.itemId}
    on conflict (creator_id, item_id) do update set
      earned = ${creatorItemEarnings}.earned + excluded.earned,
      purchases = ${creatorItemEarnings}.purchases + 1,
      last_earned_at = excluded.last_earned_at`);
}

/** What the creator earned each day from `fromDay` on (days with no purchase left out), by source. */
export async function readEarningsByDay(
  db: Pick<Db, 'select'>,
  creatorId: string,
  fromDay: string,
): Promise<{ day: string; source: string; earned: number; purchases: number; renewals: number }[]> {
  const rows = await db
    .select({
      day: creatorEarningsDaily.day,
      source: creatorEarningsDaily.source,
      earned: creatorEarningsDaily.earned,
      purchases: creatorEarningsDaily.purchases,
      renewals: creatorEarningsDaily.renewals,
    })
    .from(creatorEarningsDaily)
    .where(and(eq(creatorEarningsDaily.creatorId, creatorId), gte(creatorEarningsDaily.day, fromDay)));
  return rows;
}

/** The creator's items that earned most, all time (from the item rollup). */
export async function readTopEarningItems(
  db: Pick<Db, 'select'>,
  creatorId: string,
  limit: number,
): Promise<{ itemId: string; earned: number; purchases: number }[]> {
  return db
    .select({
      itemId: creatorItemEarnings.itemId,
      earned: creatorItemEarnings.earned,
      purchases: creatorItemEarnings.purchases,
    })
    .from(creatorItemEarnings)
    .where(eq(creatorItemEarnings.creatorId, creatorId))
    .orderBy(desc(creatorItemEarnings.earned))
    .limit(limit);
}

/** What one item earned the creator in all, and from how many purchases (0 and 0 when none). */
export async function readItemEarnings(
  db: Pick<Db, 'select'>,
  creatorId: string,
  itemId: string,
): Promise<{ earned: number; purchases: number }> {
  const [row] = await db
    .select({ earned: creatorItemEarnings.earned, purchases: creatorItemEarnings.purchases })
    .from(creatorItemEarnings)
    .where(and(eq(creatorItemEarnings.creatorId, creatorId), eq(creatorItemEarnings.itemId, itemId)));
  return row ?? { earned: 0, purchases: 0 };
}
