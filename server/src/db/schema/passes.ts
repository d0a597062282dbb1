import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A fan's pass to a creator's page (the spec's subscription, prepaid): one row per fan and
 * creator, whose expiry each bought period moves on (from now, or from the current expiry
 * while it runs). Owned by modules/passes; what each pass cost is on its purchase.
 */
export const passes = pgTable(
  'passes',
  {
    fanId: text('fan_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The period last bought: what a renewal buys again. */
    period: text('period', { enum: ['daily', 'weekly', 'monthly'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The fan opted in to renew from the wallet balance (never from mobile money: it needs the PIN). */
    isAutoRenew: boolean('is_auto_renew').notNull().default(false),
    /** When the reminder before this expiry went out, so it goes once. */
    remindedForExpiresAt: timestamp('reminded_for_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.fanId, table.creatorId] }),
    // A creator's pass holders; and the expiry and reminder jobs' scan by time.
    index('passes_creator').on(table.creatorId, table.expiresAt),
    index('passes_expiring').on(table.expiresAt),
    // The creator's members list, newest member first (keyset).
    index('passes_creator_newest').on(table.creatorId, table.createdAt.desc(), table.fanId.desc()),
  ],
);

export type PassRow = typeof passes.$inferSelect;

/**
 * What a creator asks for a pass, per period (set-pricing): one row per period offered, a
 * creator may offer several. Owned by modules/passes. A pass bought keeps its expiry
 * whatever the price becomes; the purchase keeps what was paid.
 */
export const passPrices = pgTable(
  'pass_prices',
  {
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period', { enum: ['daily', 'weekly', 'monthly'] }).notNull(),
    /** Integer ngwee. */
    price: integer('price').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.creatorId, table.period] }),
    check('pass_prices_price_positive', sql`${table.price} > 0`),
  ],
);

export type PassPriceRow = typeof passPrices.$inferSelect;
