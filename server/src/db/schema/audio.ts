import { foreignKey, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { items } from './items.ts';
import { users } from './users.ts';

/**
 * A creator's audio track (the spec's Audio entity; issue 17), the side table of the item kind
 * 'audio' (its visibility, price and status are the item's; author_id and created_at are the
 * item's, copied for the genre lists' indexes and held equal by audio_tracks_item). Owned by
 * modules/audio. Its
 * audio file (an asset of media, kind audio, purpose post) is the item's main file and its
 * picture the item's cover, in item_media: deleting the audio asset deletes the track (a
 * track without its sound is nothing); deleting its cover leaves it without one.
 */
export const audioTracks = pgTable(
  'audio_tracks',
  {
    /** 16 characters; the client may make it, so a repeated create is the same track. */
    id: text('id').primaryKey(),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    genre: text('genre').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'audio_tracks_item',
      columns: [table.id, table.authorId, table.createdAt],
      foreignColumns: [items.id, items.creatorId, items.createdAt],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    // The profile's Audio tab and the player's list page by (created_at desc, id desc) per author.
    index('audio_tracks_author_newest').on(table.authorId, table.createdAt.desc(), table.id.desc()),
    // Related tracks: the same genre, newest first; and the same creator's of that genre first.
    index('audio_tracks_genre_newest').on(table.genre, table.createdAt.desc(), table.id.desc()),
    index('audio_tracks_author_genre_newest').on(
      table.authorId,
      table.genre,
      table.createdAt.desc(),
      table.id.desc(),
    ),
  ],
);

export type AudioTrackRow = typeof audioTracks.$inferSelect;

/**
 * A pass holder's private podcast feed of one creator: the address carries a random token
 * whose SHA-256 is stored here. The feed answers only while the fan's pass to the creator
 * runs, so it dies with the pass.
 */
export const podcastFeeds = pgTable(
  'podcast_feeds',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    fanId: text('fan_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('podcast_feeds_token').on(table.tokenHash),
    uniqueIndex('podcast_feeds_fan_creator').on(table.fanId, table.creatorId),
  ],
);
