import { PASS_MESSAGES, type TPassPeriod, type TPassPrice } from '@stagepass/contract/passes';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { passPrices, type UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { readPassPrices } from './passes.service.ts';

/**
 * set-pricing: a creator's price per pass period, within the platform's bounds. Passes
 * already bought are never touched: they hold an expiry, not a price.
 */

export async function setPassPrice(options: {
  db: Db;
  limits: Config['passPriceLimits'];
  creator: UserRow;
  period: TPassPeriod;
  price: number | null;
}): Promise<TPassPrice[]> {
  const { db, creator, period, price } = options;
  if (price === null) {
    await db
      .delete(passPrices)
      .where(and(eq(passPrices.creatorId, creator.id), eq(passPrices.period, period)));
    return readPassPrices(db, creator.id);
  }
  const { min, max } = options.limits[period];
  if (price < min || price > max) {
    throw new AppError('VALIDATION_ERROR', PASS_MESSAGES.priceOutOfBounds(min, max), 400, 'price');
  }
  await db
    .insert(passPrices)
    .values({ creatorId: creator.id, period, price })
    .onConflictDoUpdate({
      target: [passPrices.creatorId, passPrices.period],
      set: { price, updatedAt: sql`now()` },
    });
  return readPassPrices(db, creator.id);
}

/** Prices set in bulk, as they are (the demo seed's creators): no bounds or role check. */
export async function insertPassPrices(
  db: Db,
  rows: readonly { creatorId: string; period: TPassPeriod; price: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(passPrices).values([...rows]);
}
