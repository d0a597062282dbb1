import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The double-entry ledger (docs/decisions/008-ledger.md). Every movement of money is one
 * ledger transaction whose lines sum to zero; lines are never changed or deleted (a
 * mistake is undone by a reversing transaction). Amounts are integer ngwee.
 *
 * The migration adds what Drizzle cannot say: a deferred trigger that refuses a
 * transaction whose lines do not sum to zero at commit, a trigger that keeps each
 * account's balance as the sum of its lines, and one that refuses updates and deletes of
 * lines.
 */

export const LEDGER_ACCOUNT_KINDS = [
  /** A fan's money on the platform: never below zero. */
  'wallet',
  /** What a creator has earned and not yet been paid out. */
  'earnings',
  'platform_fees',
  /** Money on its way in through a provider: its balance is minus what it brought in. */
  'clearing_pawapay',
  'clearing_card',
  'payouts_in_flight',
] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    /** 'wallet:<userId>', 'earnings:<userId>', or the kind for the platform's own accounts. */
    id: text('id').primaryKey(),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    /**
     * The person of a wallet or earnings account. Ledger history outlives a deleted
     * account: the owner becomes null, the lines stay.
     */
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    currency: text('currency').notNull().default('ZMW'),
    /** The sum of the account's lines, kept by a trigger in the same transaction. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Checked on every line's update of the balance, under the row's lock: two spends at
    // once cannot both pass. Earnings too: a payout reserves from them, and ten racing
    // payouts can never take more than there is.
    check(
      'ledger_balance_not_negative',
      sql`${table.kind} not in ('wallet', 'earnings') or ${table.balance} >= 0`,
    ),
    // The platform's own accounts belong to nobody.
    check('ledger_account_owner', sql`${table.kind} in ('wallet', 'earnings') or ${table.ownerId} is null`),
    index('ledger_accounts_owner').on(table.ownerId),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** What happened: 'topup', 'tip', 'purchase', 'reversal', … */
    kind: text('kind').notNull(),
    /**
     * The outside event this transaction books, e.g. 'pawapay:deposit:<depositId>'. Unique:
     * the same event can never be booked twice, whoever reports it first.
     */
    reference: text('reference'),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('ledger_transactions_reference').on(table.reference)],
);

export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: text('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    /** Ngwee: positive adds to the account, negative takes from it. Never zero. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('ledger_line_not_zero', sql`${table.amount} <> 0`),
    index('ledger_lines_transaction').on(table.transactionId),
    // An account's statement, newest first.
    index('ledger_lines_account_newest').on(table.accountId, table.id.desc()),
  ],
);

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type LedgerLineRow = typeof ledgerLines.$inferSelect;
