import { boolean, foreignKey, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { items } from './items.ts';
import { users } from './users.ts';

/**
 * A creator's post (the spec's Post entity): photo, video or text; the side table of the item
 * kind 'post' (its visibility, price and status are the item's; its photo or video is the
 * item's main file in item_media). author_id and created_at are the item's, copied for the
 * post lists' indexes and held equal by posts_item.
 */
export const posts = pgTable(
  'posts',
  {
    /** The item's id (16 characters; the client may generate it, so a repeated create is the same post). */
    id: text('id').primaryKey(),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['photo', 'video', 'text'] }).notNull(),
    description: text('description').notNull().default(''),
    isReactionsOpen: boolean('is_reactions_open').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'posts_item',
      columns: [table.id, table.authorId, table.createdAt],
      foreignColumns: [items.id, items.creatorId, items.createdAt],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    // Profiles and the home feed page by (created_at desc, id desc) per author.
    index('posts_author_newest').on(table.authorId, table.createdAt.desc(), table.id.desc()),
  ],
);

export type PostRow = typeof posts.$inferSelect;
