import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const SANDBOX_CHARGE_STATUSES = [
  'succeeded',
  'declined',
  'insufficient_funds',
  'requires_action',
  'authentication_failed',
] as const;

/**
 * The built-in card processor's charges (never used in production). Kept in the database,
 * like the pawaPay sandbox's deposits, so that a charge waiting on its 3-D Secure check, or
 * one decided while our server was down, is still known after a restart.
 */
export const cardSandboxCharges = pgTable(
  'card_sandbox_charges',
  {
    chargeId: text('charge_id').primaryKey(),
    /** The caller's key: the same key answers the same charge, never a second one. */
    idempotencyKey: text('idempotency_key').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** The token's card fingerprint, never its number. */
    cardFingerprint: text('card_fingerprint').notNull(),
    status: text('status', { enum: SANDBOX_CHARGE_STATUSES }).notNull(),
    /** Where the challenge page sends the browser back. */
    returnUrl: text('return_url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('card_sandbox_charges_idempotency_key').on(table.idempotencyKey),
    check('card_sandbox_charges_amount_positive', sql`${table.amount} > 0`),
  ],
);

export type CardSandboxChargeRow = typeof cardSandboxCharges.$inferSelect;
