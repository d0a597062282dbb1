import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { items } from './items.ts';
import { users } from './users.ts';

/**
 * A video or a series (the spec's Video, "a series has episodes"; issue 26, decision 025):
 * the side table of the item kinds 'video' and 'series'. Owned by modules/video. Terms,
 * status, parent and position are the item's; author_id and created_at are copied for the
 * lists' index and held equal by videos_item. A video's file is the item's main file in
 * item_media (deleting it deletes the video); a cover photo its cover. An episode is a
 * video whose item has the series as parent.
 */
export const videos = pgTable(
  'videos',
  {
    /** 16 characters; the client may make it, so a repeated create is the same video. */
    id: text('id').primaryKey(),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'videos_item',
      columns: [table.id, table.authorId, table.createdAt],
      foreignColumns: [items.id, items.creatorId, items.createdAt],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index('videos_author_newest').on(table.authorId, table.createdAt.desc(), table.id.desc()),
  ],
);

export type VideoRow = typeof videos.$inferSelect;

/**
 * Where a signed-in viewer stopped in a video, so they resume there on any device; the
 * newest of a series' episodes is where its series resumes.
 */
export const videoWatchPositions = pgTable(
  'video_watch_positions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    positionSeconds: real('position_seconds').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.itemId] })],
);

/**
 * What one viewer (item_views' viewer key) watched of a video on one UTC day: the watch time
 * reported (capped at the video's length, so a looping or lying player adds no more) and
 * whether they reached the end. Feeds video_daily_stats; kept 90 days.
 */
export const videoWatchDays = pgTable(
  'video_watch_days',
  {
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    viewerKey: text('viewer_key').notNull(),
    watchedSeconds: real('watched_seconds').notNull().default(0),
    completed: boolean('completed').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.itemId, table.day, table.viewerKey] })],
);

/**
 * A video's rollup per UTC day, kept as viewers report watching: what video-perfomance reads
 * (watch time, completions) without scanning each viewer's rows.
 */
export const videoDailyStats = pgTable(
  'video_daily_stats',
  {
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    watchSeconds: bigint('watch_seconds', { mode: 'number' }).notNull().default(0),
    completions: integer('completions').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.itemId, table.day] })],
);
