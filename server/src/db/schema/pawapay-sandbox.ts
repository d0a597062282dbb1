import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The built-in pawaPay sandbox's own deposits (never used in production, where pawaPay is
 * real). Kept in the database so that, like the provider it stands in for, the sandbox
 * remembers a deposit when our server is killed and finishes it after the restart.
 */
export const pawapaySandboxDeposits = pgTable(
  'pawapay_sandbox_deposits',
  {
    depositId: text('deposit_id').primaryKey(),
    /** The deposit as the sandbox accepted it (pawaPay's shape). */
    accepted: jsonb('accepted').$type<Record<string, unknown>>().notNull(),
    /** The fields it takes when final (decided at once by the payer's number); null: never final. */
    finalReport: jsonb('final_report').$type<Record<string, unknown>>(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    finalAt: timestamp('final_at', { withTimezone: true }),
    /** Set once our callback URL answered 200; until then a restarted sandbox sends it again. */
    callbackDeliveredAt: timestamp('callback_delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('pawapay_sandbox_deposits_callback_due')
      .on(table.finalAt)
      .where(sql`${table.finalAt} is not null and ${table.callbackDeliveredAt} is null`),
  ],
);

/**
 * The sandbox's payouts, kept like its deposits. A payout to an operator marked DELAYED
 * waits ENQUEUED (no times yet) until the operator is OPERATIONAL again or it is cancelled.
 */
export const pawapaySandboxPayouts = pgTable(
  'pawapay_sandbox_payouts',
  {
    payoutId: text('payout_id').primaryKey(),
    /** The payout as the sandbox accepted it (pawaPay's shape). */
    accepted: jsonb('accepted').$type<Record<string, unknown>>().notNull(),
    /** The fields it takes when final (decided by the recipient's number); null: never final. */
    finalReport: jsonb('final_report').$type<Record<string, unknown>>(),
    /** Held ENQUEUED while its operator is DELAYED. */
    isEnqueued: boolean('is_enqueued').notNull().default(false),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    finalAt: timestamp('final_at', { withTimezone: true }),
    callbackDeliveredAt: timestamp('callback_delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('pawapay_sandbox_payouts_callback_due')
      .on(table.finalAt)
      .where(sql`${table.finalAt} is not null and ${table.callbackDeliveredAt} is null`),
  ],
);
