import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * An item a fan unlocked for good (unlock-exclusive-content): a post today, an audio
 * track or a video later. Owned by modules/unlocks; the price paid is on the purchase.
 */
export const unlocks = pgTable(
  'unlocks',
  {
    fanId: text('fan_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemType: text('item_type', { enum: ['post', 'audio', 'video'] }).notNull(),
    itemId: text('item_id').notNull(),
    purchaseId: uuid('purchase_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.fanId, table.itemType, table.itemId] }),
    // The fan's unlocked posts, newest first (fetch-purchased-posts).
    index('unlocks_fan_newest').on(table.fanId, table.createdAt.desc()),
  ],
);

export type UnlockRow = typeof unlocks.$inferSelect;
