import type { TPurchaseKind } from '@stagepass/contract/purchases';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { purchases } from '../../../db/schema/index.ts';

/** What a fan paid one creator in all, by kind, in ngwee (completed purchases only). */
export type FanSpend = Record<TPurchaseKind, number> & { total: number };

const NONE: FanSpend = { total: 0, pass: 0, unlock: 0, tip: 0, support: 0 };

/**
 * What each of these fans has spent with the creator (passes, unlocks, tips, support), in
 * one query for a whole page of fans (the members list): every fan asked for is in the
 * answer, at zero when they bought nothing. Read through purchases_fan_newest.
 */
export async function readSpendByFans(
  db: Db,
  options: { creatorId: string; fanIds: readonly string[] },
): Promise<Map<string, FanSpend>> {
  const spend = new Map<string, FanSpend>(options.fanIds.map((fanId) => [fanId, { ...NONE }]));
  if (options.fanIds.length === 0) return spend;
  const rows = await db
    .select({
      fanId: purchases.fanId,
      kind: purchases.kind,
      paid: sql<string>`sum(${purchases.amount})`,
    })
    .from(purchases)
    .where(
      and(
        inArray(purchases.fanId, [...options.fanIds]),
        eq(purchases.creatorId, options.creatorId),
        eq(purchases.status, 'completed'),
      ),
    )
    .groupBy(purchases.fanId, purchases.kind);
  for (const row of rows) {
    const fan = row.fanId ? spend.get(row.fanId) : undefined;
    if (!fan) continue;
    const paid = Number(row.paid);
    fan[row.kind] += paid;
    fan.total += paid;
  }
  return spend;
}
