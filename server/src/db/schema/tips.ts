import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { items } from './items.ts';
import { users } from './users.ts';

/**
 * A tip on a post (the spec's Tip: name, emoji, amount, owner, postId). Owned by modules/tips;
 * post_id names the post's item, and goes with it.
 */
export const postTips = pgTable(
  'post_tips',
  {
    purchaseId: uuid('purchase_id').primaryKey(),
    postId: text('post_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    /** Null once the tipper's account is deleted: the tip stays on the post. */
    fanId: text('fan_id').references(() => users.id, { onDelete: 'set null' }),
    tipName: text('tip_name').notNull(),
    emoji: text('emoji').notNull(),
    /** Integer ngwee. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('post_tips_post_newest').on(table.postId, table.createdAt.desc())],
);

export type PostTipRow = typeof postTips.$inferSelect;
