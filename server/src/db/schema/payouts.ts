import { CORRESPONDENTS } from '@stagepass/contract/mobile-money';
import { PAYOUT_STATUSES } from '@stagepass/contract/payouts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { items } from './items.ts';
import { users } from './users.ts';

/**
 * Payouts of a creator's earnings to mobile money (money/payouts/, decision 019). A row is
 * written in the same transaction that reserves its amount in the ledger (earnings −,
 * payouts_in_flight +), before pawaPay is called, so a payout whose answer is lost is still
 * known, re-checked, and never paid twice. The status only moves forward (INITIATED →
 * ACCEPTED → ENQUEUED → SUBMITTED → COMPLETED | FAILED, or REJECTED at once); the move to a
 * final status and its booking (paid out, or the reserve given back) commit together.
 */
export const payouts = pgTable(
  'payouts',
  {
    /** Ours, a UUIDv4 made by the client (or derived by the auto-payout job), and pawaPay's payoutId. */
    payoutId: uuid('payout_id').primaryKey(),
    /** The creator paid; null once the account is deleted (the money's history stays). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('INITIATED'),
    /** Ngwee reserved from the earnings and sent. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    country: text('country').notNull(),
    correspondent: text('correspondent', { enum: CORRESPONDENTS }).notNull(),
    /** The recipient's MSISDN, 260…. */
    recipientPhone: text('recipient_phone').notNull(),
    customerTimestamp: text('customer_timestamp').notNull(),
    statementDescription: text('statement_description').notNull(),
    /** Made by the auto-payout job rather than by the creator's hand. */
    isAutomatic: boolean('is_automatic').notNull().default(false),
    /** Set at REJECTED or FAILED, from the provider. */
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    /** When the provider created the payout, as it says. */
    providerCreatedAt: text('provider_created_at'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it reached a final status. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The last time anyone asked the provider about it: the reconciliation job's clock. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (table) => [
    check('payouts_amount_positive', sql`${table.amount} > 0`),
    // A creator's history, newest first (keyset).
    index('payouts_user_newest').on(table.userId, table.createdAt.desc(), table.payoutId.desc()),
    // What the reconciliation job re-checks: only the unsettled, a short list.
    index('payouts_unsettled')
      .on(table.checkedAt)
      .where(sql`${table.status} in ('INITIATED', 'ACCEPTED', 'ENQUEUED', 'SUBMITTED')`),
  ],
);

export type PayoutRow = typeof payouts.$inferSelect;

/**
 * What each creator earned a day from each source (pass, unlock, tip, support), kept in the
 * same transaction as the purchase's booking: the analytics read a few rows per day instead
 * of every purchase (decision 019).
 */
export const creatorEarningsDaily = pgTable(
  'creator_earnings_daily',
  {
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The day in UTC. */
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source').notNull(),
    /** Ngwee that reached the creator (the price less the fee). */
    earned: bigint('earned', { mode: 'number' }).notNull().default(0),
    purchases: integer('purchases').notNull().default(0),
    /** Of those purchases, how many renewed what the fan had (a pass bought again). */
    renewals: integer('renewals').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.creatorId, table.day, table.source] })],
);

/**
 * What each of a creator's items (unlocked or tipped) earned in all, for the top-earning list;
 * it goes with the item (the day's rollup keeps what it earned).
 */
export const creatorItemEarnings = pgTable(
  'creator_item_earnings',
  {
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    earned: bigint('earned', { mode: 'number' }).notNull().default(0),
    purchases: integer('purchases').notNull().default(0),
    lastEarnedAt: timestamp('last_earned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.creatorId, table.itemId] }),
    index('creator_item_earnings_top').on(table.creatorId, table.earned.desc()),
  ],
);

/**
 * One row per creator and day the auto-payout ran for them: its primary key makes the daily
 * run happen once, however many servers run jobs, and its note tells the creator what it
 * did ('Sent K120 to +260 76 345 6789', or why it was skipped).
 */
export const autoPayoutRuns = pgTable(
  'auto_payout_runs',
  {
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The day in UTC. */
    day: date('day', { mode: 'string' }).notNull(),
    /** The payout it made; null when it was skipped. */
    payoutId: uuid('payout_id'),
    note: text('note').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.creatorId, table.day] })],
);
