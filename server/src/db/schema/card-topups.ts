import { CARD_TOPUP_FAILURE_CODES, CARD_TOPUP_STATUSES } from '@stagepass/contract/card-topups';
import { CARD_BRANDS } from '@stagepass/contract/payment-methods';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Top-ups by a saved card (money/card-topups/). Like a deposit, the row is written before
 * the card processor is called, with the client's topupId as the charge's idempotency key,
 * so an answer lost on the way leaves a row the status calls and the reconciliation job
 * settle. The status only moves forward (processing → requires-action → completed |
 * failed); the move to completed and the wallet's credit commit together.
 */
export const cardTopups = pgTable(
  'card_topups',
  {
    topupId: uuid('topup_id').primaryKey(),
    /** Null once the account is deleted (the money's history stays). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: CARD_TOPUP_STATUSES }).notNull().default('processing'),
    /** Ngwee charged and, once completed, credited. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** The saved card it was charged to (kept as a name: the card may be removed later). */
    paymentMethodId: text('payment_method_id').notNull(),
    /** The processor's token, as payment_methods keeps it: a repeat charges the same card. */
    cardToken: text('card_token').notNull(),
    cardBrand: text('card_brand', { enum: CARD_BRANDS }).notNull(),
    cardLast4: text('card_last4').notNull(),
    /** The processor's charge, once it answered. */
    chargeId: text('charge_id'),
    /** The bank's check to open while requires-action. */
    challengeUrl: text('challenge_url'),
    /** Where the browser lands after the check. */
    returnPath: text('return_path'),
    failureCode: text('failure_code', { enum: CARD_TOPUP_FAILURE_CODES }),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The last time anyone asked the processor about it: the reconciliation job's clock. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (table) => [
    check('card_topups_amount_positive', sql`${table.amount} > 0`),
    check(
      'card_topups_failed_has_code',
      sql`(${table.status} = 'failed') = (${table.failureCode} is not null)`,
    ),
    // A person's statement, newest first.
    index('card_topups_user_newest').on(table.userId, table.createdAt.desc(), table.topupId),
    // What the reconciliation job re-checks: only the open ones, a short list.
    index('card_topups_open')
      .on(table.checkedAt)
      .where(sql`${table.status} in ('processing', 'requires-action')`),
  ],
);

export type CardTopupRow = typeof cardTopups.$inferSelect;
