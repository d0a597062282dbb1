import { type AnyColumn, and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type Db, readRows } from '../../db/client.ts';
import { items, unlocks } from '../../db/schema/index.ts';

/**
 * Unlocks: items a fan bought for good (unlock-exclusive-content). A row is written once,
 * by the unlock purchase's grant (register-unlocks.ts), and never taken back: a later
 * price change, or the creator's, touches no unlock.
 */

export type UnlockItemType = (typeof items.kind.enumValues)[number];

/**
 * "The viewer unlocked this item or its parent" (a series bought whole), for use inside
 * another query, e.g. `unlockedCondition(viewerId, items.id, items.parentId)` in a where or a
 * select. A probe of the primary key (fan_id, item_id) each.
 */
export function unlockedCondition(
  viewerId: SQL | string | Placeholder,
  itemIdColumn: SQL | AnyColumn,
  parentIdColumn: SQL | AnyColumn,
): SQL<boolean> {
  return sql<boolean>`(exists (select 1 from ${unlocks} where ${unlocks.fanId} = ${viewerId} and ${unlocks.itemId} = ${itemIdColumn})
    or (${parentIdColumn} is not null and exists (select 1 from ${unlocks} where ${unlocks.fanId} = ${viewerId} and ${unlocks.itemId} = ${parentIdColumn})))`;
}

/** Whether the viewer unlocked the item itself. */
export async function hasUnlocked(db: Db, viewerId: string, itemId: string): Promise<boolean> {
  const rows = await db
    .select({ fanId: unlocks.fanId })
    .from(unlocks)
    .where(and(eq(unlocks.fanId, viewerId), eq(unlocks.itemId, itemId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Records an unlock inside the paying transaction; false when the fan had unlocked the item
 * already (another purchase got there first), in which case nothing is written.
 */
export async function recordUnlock(
  tx: Db,
  unlock: { fanId: string; itemId: string; purchaseId: string },
): Promise<boolean> {
  const inserted = await tx
    .insert(unlocks)
    .values(unlock)
    .onConflictDoNothing()
    .returning({ fanId: unlocks.fanId });
  return inserted.length > 0;
}

/**
 * The items of one kind the fan unlocked, newest first, keyset-paged on (created_at desc,
 * item_id desc) from unlocks_fan_newest. cursorAt is the unlock's time with microseconds,
 * as the post lists' cursors carry it.
 */
export async function listUnlockedItems(options: {
  db: Db;
  fanId: string;
  itemType: UnlockItemType;
  after: { at: string; id: string } | null;
  take: number;
}): Promise<{ id: string; cursorAt: string }[]> {
  const { after } = options;
  const result = await options.db.execute(sql`
    select u.item_id as id,
      to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "cursorAt"
    from ${unlocks} as u join ${items} as i on i.id = u.item_id
    where u.fan_id = ${options.fanId} and i.kind = ${options.itemType}
      and ${after ? sql`(u.created_at, u.item_id) < (${after.at}::timestamptz, ${after.id})` : sql`true`}
    order by u.created_at desc, u.item_id desc
    limit ${options.take}`);
  return readRows<{ id: string; cursorAt: string }>(result);
}
