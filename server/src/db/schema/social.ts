import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** One row per follower and followed profile; the primary key keeps it to one under races. */
export const follows = pgTable(
  'follows',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followedId: text('followed_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.followerId, table.followedId] }),
    index('follows_followed').on(table.followedId, table.createdAt.desc()),
    check('follows_not_self', sql`${table.followerId} <> ${table.followedId}`),
  ],
);

/** Who blocked whom: the blocked profile is hidden from the blocker and cannot reach them. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index('blocks_blocked').on(table.blockedId),
    // The settings list of one person's blocks, newest first (read backwards), keyset-paged.
    index('blocks_blocker_newest').on(table.blockerId, table.createdAt, table.blockedId),
    check('blocks_not_self', sql`${table.blockerId} <> ${table.blockedId}`),
  ],
);

/** Reports and blocks with their reasons, kept for moderators. */
export const profileReports = pgTable(
  'profile_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null once the reporter deletes their account: the report stays for moderators. */
    reporterId: text('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    profileId: text('profile_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['report', 'block'] }).notNull(),
    reason: text('reason').notNull(),
    text: text('text').notNull().default(''),
    status: text('status', { enum: ['open', 'reviewed'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('profile_reports_open').on(table.status, table.createdAt)],
);
