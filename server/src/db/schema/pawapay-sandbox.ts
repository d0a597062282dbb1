import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
