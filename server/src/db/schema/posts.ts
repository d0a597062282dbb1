import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { mediaAssets } from './media.ts';
import { users } from './users.ts';

/** A creator's post (the spec's Post entity): photo, video or text. */
export const posts = pgTable(
  'posts',
  {
    /** 16 characters; the client may generate it, so a repeated create is the same post. */
    id: text('id').primaryKey(),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['photo', 'video', 'text'] }).notNull(),
    description: text('description').notNull().default(''),
    visibility: text('visibility', { enum: ['everyone', 'subscribers', 'pay-to-unlock'] })
      .notNull()
      .default('everyone'),
    /** Integer ngwee; set exactly when the post is pay-to-unlock. */
    price: integer('price'),
    /** The photo or video of the post; null for text. Deleted with the post by the service. */
    mediaPublicId: text('media_public_id').references(() => mediaAssets.publicId, { onDelete: 'set null' }),
    isReactionsOpen: boolean('is_reactions_open').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Profiles and the home feed page by (created_at desc, id desc) per author.
    index('posts_author_newest').on(table.authorId, table.createdAt.desc(), table.id.desc()),
    // Every /media request asks which post shows an asset, to decide whether it is public;
    // unique, as one upload belongs to one post.
    uniqueIndex('posts_media').on(table.mediaPublicId),
    // The newest public posts of everyone (fetch-posts), for signed-out visitors too.
    index('posts_public_newest')
      .on(table.createdAt.desc(), table.id.desc())
      .where(sql`${table.visibility} = 'everyone'`),
    check('posts_id_length', sql`char_length(${table.id}) = 16`),
    check(
      'posts_price_only_when_paid',
      sql`(${table.visibility} = 'pay-to-unlock') = (${table.price} is not null and ${table.price} > 0)`,
    ),
  ],
);

export type PostRow = typeof posts.$inferSelect;

/** At most one reaction per owner and post: the primary key holds it under races. */
export const postReactions = pgTable(
  'post_reactions',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['love', 'haha', 'wow', 'angry', 'sad'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.ownerId] }),
    // A post's newest reactions (the likes shown with it).
    index('post_reactions_newest').on(table.postId, table.createdAt.desc(), table.ownerId.desc()),
  ],
);
