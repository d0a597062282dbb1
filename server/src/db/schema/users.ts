import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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
    // ── Profile ──
    gender: text('gender', { enum: ['female', 'male', 'non-binary', 'prefer-not-to-say'] }),
    bio: text('bio').notNull().default(''),
    /** A calendar day, no time zone: 'YYYY-MM-DD'. */
    birthday: date('birthday', { mode: 'string' }),
    about: text('about').notNull().default(''),
    /** The avatar, a media asset of this user (no foreign key: assets are deleted with files first). */
    avatarPublicId: text('avatar_public_id'),
    /** For bookings, international form ('+260971234567'). */
    phone: text('phone'),
    /** Kept in step with the follows table inside the same transaction, for lists ranked by it. */
    followersCount: integer('followers_count').notNull().default(0),
    /** The last sign-in or publication: the "recent activity" half of the featured score. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    uniqueIndex('users_username_unique').on(table.username),
    // Creator lists page by (followers_count desc, id) with keyset cursors on this index.
    index('users_creators_by_followers')
      .on(table.followersCount.desc(), table.id)
      .where(sql`${table.role} = 'creator'`),
    // Uniqueness ignores case only because both are stored lowercase: the database holds it.
    check('users_email_lowercase', sql`${table.email} = lower(${table.email})`),
    check('users_bio_length', sql`char_length(${table.bio}) <= 100`),
    check('users_followers_count_not_negative', sql`${table.followersCount} >= 0`),
    check(
      'users_username_lowercase',
      sql`${table.username} = lower(${table.username}) and ${table.username} like '@%'`,
    ),
  ],
);

export type UserRow = typeof users.$inferSelect;
