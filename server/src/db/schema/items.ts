import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { mediaAssets } from './media.ts';
import { users } from './users.ts';

/** The kinds of item (contract/src/items.ts ITEM_KINDS). */
export const ITEM_KIND_VALUES = ['post', 'audio', 'video', 'series'] as const;
export const ITEM_VISIBILITY_VALUES = ['everyone', 'subscribers', 'pay-to-unlock'] as const;
/**
 * processing: its main file is not ready yet (shown to its author only); hidden and removed
 * (moderation, issue 28): shown to nobody, its author included, through the one access rule.
 */
export const ITEM_STATUS_VALUES = ['processing', 'published', 'hidden', 'removed'] as const;

/**
 * The catalogue (issue 25, decision 023): one row per thing a creator publishes, whatever its
 * kind. Owned by modules/items. What every item shares lives here once (who made it, who may
 * see it, its price, its status, its place in a series); each kind keeps its own fields in a
 * side table whose primary key is a foreign key to this one (posts, audio_tracks), and so
 * does whatever points at an item (unlocks, tips, per-item earnings, reactions, views, its
 * media in item_media): deleting an item deletes what hangs on it by those keys.
 */
export const items = pgTable(
  'items',
  {
    /** 16 characters; the kind's create makes it (or the client, so a repeat is the same item). */
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ITEM_KIND_VALUES }).notNull(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visibility: text('visibility', { enum: ITEM_VISIBILITY_VALUES }).notNull().default('everyone'),
    /** Integer ngwee; set exactly when the item is pay-to-unlock. */
    price: integer('price'),
    status: text('status', { enum: ITEM_STATUS_VALUES }).notNull().default('published'),
    /** The series an episode belongs to; its children go with it. */
    parentId: text('parent_id').references((): AnyPgColumn => items.id, { onDelete: 'cascade' }),
    /** An episode's place in its series, from 1. */
    position: integer('position'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Views (a track's plays) counted so far, item_views' rows, kept in the counting transaction for lists. */
    views: integer('views').notNull().default(0),
  },
  (table) => [
    // A kind's side table copies its item's creator and time for its own list indexes
    // (a track's genre, newest first); this key lets it point at all three, so the copies
    // cannot differ from the item's.
    unique('items_identity').on(table.id, table.creatorId, table.createdAt),
    index('items_creator_newest').on(table.creatorId, table.createdAt.desc(), table.id.desc()),
    // The newest public items of a kind, for everyone (fetch-posts, signed-out visitors too).
    index('items_public_newest')
      .on(table.kind, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.visibility} = 'everyone' and ${table.status} = 'published'`),
    index('items_parent_position')
      .on(table.parentId, table.position)
      .where(sql`${table.parentId} is not null`),
    check('items_id_length', sql`char_length(${table.id}) = 16`),
    check(
      'items_price_only_when_paid',
      sql`(${table.visibility} = 'pay-to-unlock') = (${table.price} is not null and ${table.price} > 0)`,
    ),
    check('items_position_with_parent', sql`(${table.parentId} is null) = (${table.position} is null)`),
  ],
);

export type ItemRow = typeof items.$inferSelect;

/** The spec's five reactions. */
export const REACTION_KIND_VALUES = ['love', 'haha', 'wow', 'angry', 'sad'] as const;

/**
 * Reactions to any item (the spec's likes of a post, a listener's reaction to a track): at
 * most one per owner and item, which the primary key holds under races.
 */
export const itemReactions = pgTable(
  'item_reactions',
  {
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REACTION_KIND_VALUES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.itemId, table.ownerId] }),
    // An item's newest reactions (the likes shown with a post), and its counts per kind:
    // migration 0028 makes it INCLUDE (kind), which this schema cannot say.
    index('item_reactions_newest').on(table.itemId, table.createdAt.desc(), table.ownerId.desc()),
  ],
);

/**
 * One view (a track's play) per viewer, item and UTC day: the primary key makes counting once
 * a day hold under concurrent reports. The viewer is a user id, or for a signed-out visitor
 * a keyed hash of their network that changes every day (so it identifies nobody).
 */
export const itemViews = pgTable(
  'item_views',
  {
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    viewerKey: text('viewer_key').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.itemId, table.day, table.viewerKey] }),
    // Unique viewers of an item (a track's performance).
    index('item_views_viewers').on(table.itemId, table.viewerKey),
  ],
);

/**
 * What an item's media file is to it: 'main' (a post's photo or video, a track's sound),
 * 'cover' (a track's picture), 'preview' (a video's trailer, with the video library).
 */
export const ITEM_MEDIA_ROLE_VALUES = ['main', 'cover', 'preview'] as const;

/**
 * The uploads an item uses, one per role (decision 023): owned by modules/items, so media
 * asks the catalogue which item holds an upload and reads no kind's table. Deleting the item
 * takes its rows; deleting an asset takes its row here, which leaves a post without its photo
 * and a track without its cover. A track's sound is its main file and a track is nothing
 * without it: audio deletes the item with the asset (register-audio.ts), as the foreign key
 * from audio_tracks did before.
 */
export const itemMedia = pgTable(
  'item_media',
  {
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ITEM_MEDIA_ROLE_VALUES }).notNull(),
    mediaPublicId: text('media_public_id')
      .notNull()
      .references(() => mediaAssets.publicId, { onDelete: 'cascade' }),
  },
  (table) => [
    // The lists and feeds join an item's main file (and a track's cover) by this key.
    primaryKey({ columns: [table.itemId, table.role] }),
    // Every /media request asks which item holds an asset; one upload belongs to one item
    // (deleting the item deletes its files).
    uniqueIndex('item_media_asset').on(table.mediaPublicId),
  ],
);

export type ItemMediaRow = typeof itemMedia.$inferSelect;
export type ItemMediaRole = (typeof ITEM_MEDIA_ROLE_VALUES)[number];
