import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { items } from './items.ts';
import { users } from './users.ts';

/**
 * An item a fan unlocked for good (unlock-exclusive-content): a post or an audio track; a
 * series opens its episodes (the access rule reads the parent's unlock). Owned by
 * modules/unlocks; the price paid is on the purchase. Deleting the item deletes its unlocks.
 */
export const unlocks = pgTable(
  'unlocks',
  {
    fanId: text('fan_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    purchaseId: uuid('purchase_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.fanId, table.itemId] }),
    // The fan's unlocked items, newest first (fetch-purchased-posts).
    index('unlocks_fan_newest').on(table.fanId, table.createdAt.desc()),
  ],
);

export type UnlockRow = typeof unlocks.$inferSelect;
