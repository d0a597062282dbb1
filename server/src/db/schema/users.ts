import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** Lowercase; unique ignoring case because it is stored lowercased. */
    email: text('email').notNull(),
    /** '@' + lowercase, as the spec stores it. */
    username: text('username').notNull(),
    name: text('name').notNull(),
    /** argon2id; null for accounts made through social sign-in. */
    passwordHash: text('password_hash'),
    countryCode: text('country_code').notNull(),
    /** 'fan' | 'creator', null until account setup. */
    role: text('role', { enum: ['fan', 'creator'] }),
    category: text('category'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    securityQuestion: text('security_question'),
    /** argon2id of the answer, trimmed and lowercased. */
    securityAnswerHash: text('security_answer_hash'),
    published: text('published', { enum: ['pending', 'published'] })
      .notNull()
      .default('pending'),
    isAutoPayoutEnabled: boolean('is_auto_payout_enabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_username_unique').on(table.username),
    // Uniqueness ignores case only because both are stored lowercase: the database holds it.
    check('users_email_lowercase', sql`${table.email} = lower(${table.email})`),
    check(
      'users_username_lowercase',
      sql`${table.username} = lower(${table.username}) and ${table.username} like '@%'`,
    ),
  ],
);

export type UserRow = typeof users.$inferSelect;
