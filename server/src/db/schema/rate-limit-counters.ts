import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Attempts counted per account (sign-in guesses, reset mails, security answers, …) in
 * fixed windows. In the database rather than in a process's memory: no amount of traffic
 * naming other accounts pushes a counter out, and every server process counts together.
 * Rows whose window has ended are pruned.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** Which limit counts here ('signin', 'forgot', …). */
    limiter: text('limiter').notNull(),
    /** A keyed hash of what is counted (an account id, a typed address): none is kept readable. */
    keyHash: text('key_hash').notNull(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.limiter, table.keyHash] }),
    index('rate_limit_counters_window_ends_at').on(table.windowEndsAt),
  ],
);
