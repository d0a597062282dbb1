import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A signed-in browser. The cookie holds a random token; only its SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signedInWith: text('signed_in_with', { enum: ['password', 'oidc'] }).notNull(),
    /** The provider's ID token, to sign out of the provider too (RP-initiated logout). */
    oidcIdToken: text('oidc_id_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user').on(table.userId)],
);

export type SessionRow = typeof sessions.$inferSelect;
