import { CORRESPONDENTS } from '@stagepass/contract/mobile-money';
import { DEPOSIT_STATUSES } from '@stagepass/contract/wallet';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Top-ups by mobile money (docs/decisions/009-deposits.md). A row is written before the
 * provider is called, so a deposit whose answer is lost is still known and re-checked.
 * The status only moves forward (INITIATED → ACCEPTED → SUBMITTED → COMPLETED | FAILED,
 * or REJECTED at once); the move to COMPLETED and the wallet's credit commit together.
 */
export const deposits = pgTable(
  'deposits',
  {
    /** Ours, a UUIDv4 made by the client or the server, and pawaPay's depositId. */
    depositId: uuid('deposit_id').primaryKey(),
    /** The payer's account; null once the account is deleted (the money's history stays). */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: DEPOSIT_STATUSES }).notNull().default('INITIATED'),
    /** Ngwee asked for. */
    requestedAmount: bigint('requested_amount', { mode: 'number' }).notNull(),
    /** Ngwee the provider reports as deposited; what the wallet is credited. */
    depositedAmount: bigint('deposited_amount', { mode: 'number' }),
    currency: text('currency').notNull(),
    country: text('country').notNull(),
    correspondent: text('correspondent', { enum: CORRESPONDENTS }).notNull(),
    /** The payer's MSISDN, 260…. */
    payerPhone: text('payer_phone').notNull(),
    customerTimestamp: text('customer_timestamp').notNull(),
    statementDescription: text('statement_description').notNull(),
    /** Set at REJECTED or FAILED, from the provider. */
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    /** When the provider created the deposit, as it says. */
    providerCreatedAt: text('provider_created_at'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last time anyone asked the provider about it: the reconciliation job's clock. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (table) => [
    check('deposits_requested_positive', sql`${table.requestedAmount} > 0`),
    check(
      'deposits_completed_has_amount',
      sql`${table.status} <> 'COMPLETED' or ${table.depositedAmount} > 0`,
    ),
    // A person's statement, newest first.
    index('deposits_user_newest').on(table.userId, table.createdAt.desc(), table.depositId),
    // What the reconciliation job re-checks: only the unsettled, a short list.
    index('deposits_unsettled')
      .on(table.checkedAt)
      .where(sql`${table.status} in ('INITIATED', 'ACCEPTED', 'SUBMITTED')`),
  ],
);

export type DepositRow = typeof deposits.$inferSelect;
