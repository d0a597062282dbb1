import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { purchases } from './purchases.ts';
import { users } from './users.ts';

/**
 * Support a creator received (issue 24), owned by modules/support: one row per completed
 * support purchase, written by the kind's grant inside the transaction that pays it (so
 * exactly once, also when it completes after a shortfall top-up), with the fan's message and
 * what the creator earned. The creator's Supporters list reads it without reading money's
 * tables; the message is the creator's alone to read, and theirs to hide.
 */
export const supports = pgTable(
  'supports',
  {
    /** The support purchase: one support per purchase. */
    purchaseId: uuid('purchase_id')
      .primaryKey()
      .references(() => purchases.id, { onDelete: 'cascade' }),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null once the fan's account is deleted: shown as a deleted account. */
    fanId: text('fan_id').references(() => users.id, { onDelete: 'set null' }),
    /** Integer ngwee the fan paid. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** Integer ngwee the creator earned of it (the amount less the platform's fee). */
    earned: bigint('earned', { mode: 'number' }).notNull(),
    /** The fan's message, trimmed; null when there was none. */
    message: text('message'),
    /** When the creator hid the message; null while it shows. */
    messageHiddenAt: timestamp('message_hidden_at', { withTimezone: true }),
    /** When it was paid. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The creator's Supporters list, newest first (keyset).
    index('supports_creator_newest').on(table.creatorId, table.createdAt.desc(), table.purchaseId.desc()),
    check('supports_message_length', sql`char_length(${table.message}) between 1 and 280`),
  ],
);

export type SupportRow = typeof supports.$inferSelect;
