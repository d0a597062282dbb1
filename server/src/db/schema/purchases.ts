import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ledgerTransactions } from './ledger.ts';
import { users } from './users.ts';

export const PURCHASE_KINDS = ['pass', 'unlock', 'tip', 'support'] as const;
export const PURCHASE_STATUSES = ['awaiting-payment', 'completed', 'failed'] as const;
export const PURCHASE_FUNDING_METHODS = ['wallet', 'mobile-money', 'card'] as const;

/**
 * Every way a fan pays a creator inside the platform (money/purchases/, decision 017): what
 * was bought, from whom, what it cost at that moment and how it was paid. The id is the
 * client's purchaseId, so a repeat is the same purchase; the booking's reference is
 * 'purchase:<id>', so it is paid at most once.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey(),
    /** Null once the fan's account is deleted: the record of the sale stays. */
    fanId: text('fan_id').references(() => users.id, { onDelete: 'set null' }),
    creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: PURCHASE_KINDS }).notNull(),
    /** What the kind is about, as its feature names it: { period } for a pass, { itemType, itemId } … */
    details: jsonb('details').$type<Record<string, string | number>>().notNull().default({}),
    /** What the client sent, to tell a repeat of this purchase from another under the same id. */
    requestFingerprint: text('request_fingerprint').notNull(),
    /** Integer ngwee the fan pays, from our data at that moment. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The platform's part of amount, rounded down; the creator earns the rest. */
    fee: bigint('fee', { mode: 'number' }).notNull(),
    status: text('status', { enum: PURCHASE_STATUSES }).notNull(),
    funding: text('funding', { enum: PURCHASE_FUNDING_METHODS }).notNull(),
    /** The top-up of the shortfall this purchase waits on (a deposit id). */
    awaitedTopupId: uuid('awaited_topup_id'),
    /** Why it failed, in words for the fan. */
    failureReason: text('failure_reason'),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }).references(
      () => ledgerTransactions.id,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    // The fan's receipts, newest first (keyset).
    index('purchases_fan_newest').on(table.fanId, table.createdAt.desc(), table.id.desc()),
    // What a creator sold (earnings, the payouts issue).
    index('purchases_creator_newest').on(table.creatorId, table.createdAt.desc(), table.id.desc()),
    // What a creator earned by card lately: held back from payouts (EARNINGS_HOLD_HOURS), read
    // under the earnings row's lock when a payout is reserved.
    index('purchases_creator_card_completed')
      .on(table.creatorId, table.completedAt)
      .where(sql`${table.funding} = 'card' and ${table.status} = 'completed'`),
    // Completing the purchases a top-up was waiting for, in the top-up's transaction.
    index('purchases_awaited_topup')
      .on(table.awaitedTopupId)
      .where(sql`${table.status} = 'awaiting-payment'`),
    check('purchases_amount_positive', sql`${table.amount} > 0`),
    check('purchases_fee_within_amount', sql`${table.fee} >= 0 and ${table.fee} < ${table.amount}`),
  ],
);

export type PurchaseRow = typeof purchases.$inferSelect;
