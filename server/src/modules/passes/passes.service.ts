import { toAvatarAsset } from '@stagepass/contract/media';
import {
  PASS_MESSAGES,
  PASS_PERIOD_DAYS,
  type TPass,
  type TPassPeriod,
  type TPassPrice,
} from '@stagepass/contract/passes';
import { type AnyColumn, and, asc, desc, eq, gt, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type PurchaseRow, passes, passPrices, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { PurchaseNoLongerPossible } from '../money/purchases/purchases.service.ts';
import { isPassEndingSoon, passReminderTime } from './pass-reminders.ts';

/**
 * Passes (the spec's subscription, prepaid): what access, the profile view and the pass
 * purchase ask of them. A pass gives access exactly while its expiry is in the future.
 */

/**
 * "The viewer has an active pass to this creator", for use inside another query: e.g.
 * `activePassCondition(viewerId, posts.authorId)` in a where or a select.
 */
export function activePassCondition(
  viewerId: SQL | string | Placeholder,
  creatorIdColumn: SQL | AnyColumn,
): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${passes} where ${passes.fanId} = ${viewerId} and ${passes.creatorId} = ${creatorIdColumn} and ${passes.expiresAt} > now())`;
}

/** Whether the viewer holds a pass to the creator that has not expired. */
export async function hasActivePass(db: Db, viewerId: string, creatorId: string): Promise<boolean> {
  const rows = await db
    .select({ fanId: passes.fanId })
    .from(passes)
    .where(and(eq(passes.fanId, viewerId), eq(passes.creatorId, creatorId), gt(passes.expiresAt, sql`now()`)))
    .limit(1);
  return rows.length > 0;
}

const PERIOD_ORDER: Record<TPassPeriod, number> = { daily: 0, weekly: 1, monthly: 2 };

/** Every period the creator offers and its price, daily first. */
export async function readPassPrices(db: Db, creatorId: string): Promise<TPassPrice[]> {
  const rows = await db
    .select({ period: passPrices.period, price: passPrices.price })
    .from(passPrices)
    .where(eq(passPrices.creatorId, creatorId));
  return rows.sort((a, b) => PERIOD_ORDER[a.period] - PERIOD_ORDER[b.period]);
}

/** The spec's single `pricing` of a profile: monthly if offered, else weekly, else daily. */
export function mainPassPrice(prices: readonly TPassPrice[]): TPassPrice | null {
  return [...prices].sort((a, b) => PERIOD_ORDER[b.period] - PERIOD_ORDER[a.period])[0] ?? null;
}

/** When the viewer's pass to the creator ends, while it is active; null otherwise. */
export async function readActivePassExpiry(
  db: Db,
  viewerId: string,
  creatorId: string,
): Promise<Date | null> {
  const [row] = await db
    .select({ expiresAt: passes.expiresAt })
    .from(passes)
    .where(and(eq(passes.fanId, viewerId), eq(passes.creatorId, creatorId), gt(passes.expiresAt, sql`now()`)))
    .limit(1);
  return row?.expiresAt ?? null;
}

/** The pass purchase's price: the creator's for that period now, or 400 when it is not offered. */
export async function quotePass(
  db: Db,
  creatorId: string,
  period: TPassPeriod,
): Promise<{ amount: number; details: { period: TPassPeriod } }> {
  const [row] = await db
    .select({ price: passPrices.price })
    .from(passPrices)
    .where(and(eq(passPrices.creatorId, creatorId), eq(passPrices.period, period)));
  if (!row) throw new AppError('PERIOD_NOT_OFFERED', PASS_MESSAGES.periodNotOffered(period), 400, 'period');
  return { amount: row.price, details: { period } };
}

/**
 * Grants a paid pass inside the paying transaction: its expiry moves on by the period, from
 * now, or from the current expiry while the pass still runs; the period bought is kept.
 */
export async function grantPass(tx: Db, purchase: PurchaseRow): Promise<void> {
  const period = purchase.details.period as TPassPeriod | undefined;
  const { fanId, creatorId } = purchase;
  if (!fanId || !creatorId || !period || !(period in PASS_PERIOD_DAYS)) {
    throw new PurchaseNoLongerPossible(`Purchase ${purchase.id} names no fan, creator or period.`);
  }
  const length = sql`make_interval(days => ${PASS_PERIOD_DAYS[period]})`;
  await tx
    .insert(passes)
    .values({ fanId, creatorId, period, expiresAt: sql`now() + ${length}` })
    .onConflictDoUpdate({
      target: [passes.fanId, passes.creatorId],
      set: {
        period,
        expiresAt: sql`greatest(${passes.expiresAt}, now()) + ${length}`,
        updatedAt: sql`now()`,
      },
    });
}

/** Whether the purchase's fan holds, or held, a pass to its creator: buying one again renews it. */
export async function hasHadPass(tx: Db, purchase: PurchaseRow): Promise<boolean> {
  if (!purchase.fanId || !purchase.creatorId) return false;
  const [held] = await tx
    .select({ fanId: passes.fanId })
    .from(passes)
    .where(and(eq(passes.fanId, purchase.fanId), eq(passes.creatorId, purchase.creatorId)));
  return Boolean(held);
}

/** The fan's passes, active first (the soonest to end first), then the lapsed, latest first. */
export async function listPasses(db: Db, fanId: string): Promise<TPass[]> {
  const isActive = sql<boolean>`${passes.expiresAt} > now()`;
  const rows = await db
    .select({
      username: users.username,
      name: users.name,
      avatarPublicId: users.avatarPublicId,
      period: passes.period,
      expiresAt: passes.expiresAt,
      remindAt: sql<string>`to_char(${passReminderTime} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      isActive,
      isEndingSoon: isPassEndingSoon,
      isAutoRenew: passes.isAutoRenew,
      renewalPrice: passPrices.price,
    })
    .from(passes)
    .innerJoin(users, eq(users.id, passes.creatorId))
    .leftJoin(
      passPrices,
      and(eq(passPrices.creatorId, passes.creatorId), eq(passPrices.period, passes.period)),
    )
    .where(eq(passes.fanId, fanId))
    .orderBy(
      desc(isActive),
      sql`case when ${passes.expiresAt} > now() then ${passes.expiresAt} end asc`,
      desc(passes.expiresAt),
      asc(passes.creatorId),
    );
  return rows.map(toPassView);
}

/** Opts the fan's pass to a creator in or out of renewal from the wallet. */
export async function setAutoRenew(
  db: Db,
  options: { fanId: string; creatorUsername: string; enabled: boolean },
): Promise<TPass> {
  const handle = `@${options.creatorUsername.trim().replace(/^@/, '').toLowerCase()}`;
  const [creator] = await db.select({ id: users.id }).from(users).where(eq(users.username, handle)).limit(1);
  if (!creator) throw new AppError('NOT_FOUND', PASS_MESSAGES.noPass, 404);
  const updated = await db
    .update(passes)
    .set({ isAutoRenew: options.enabled, updatedAt: sql`now()` })
    .where(and(eq(passes.fanId, options.fanId), eq(passes.creatorId, creator.id)))
    .returning({ fanId: passes.fanId });
  if (updated.length === 0) throw new AppError('NOT_FOUND', PASS_MESSAGES.noPass, 404);
  const pass = (await listPasses(db, options.fanId)).find((one) => one.creator.username === handle);
  if (!pass) throw new AppError('NOT_FOUND', PASS_MESSAGES.noPass, 404);
  return pass;
}

function toPassView(row: {
  username: string;
  name: string;
  avatarPublicId: string | null;
  period: TPassPeriod;
  expiresAt: Date;
  remindAt: string;
  isActive: boolean;
  isEndingSoon: boolean;
  isAutoRenew: boolean;
  renewalPrice: number | null;
}): TPass {
  return {
    creator: { username: row.username, name: row.name, imageAsset: toAvatarAsset(row.avatarPublicId) },
    period: row.period,
    expiresAt: row.expiresAt.toISOString(),
    remindAt: row.remindAt,
    isActive: row.isActive,
    isEndingSoon: row.isEndingSoon,
    isAutoRenew: row.isAutoRenew,
    renewalPrice: row.renewalPrice,
  };
}

/** How many fans hold a pass to the creator now. */
export async function countActivePasses(db: Db, creatorId: string): Promise<number> {
  const [row] = await db
    .select({ active: sql<number>`count(*)::int` })
    .from(passes)
    .where(and(eq(passes.creatorId, creatorId), gt(passes.expiresAt, sql`now()`)));
  return row?.active ?? 0;
}
