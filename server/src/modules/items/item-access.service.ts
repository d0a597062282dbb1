import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type Db, readRows } from '../../db/client.ts';
import { items } from '../../db/schema/index.ts';
import { activePassCondition } from '../passes/passes.service.ts';
import { unlockedCondition } from '../unlocks/unlocks.service.ts';

/**
 * Access, the one rule over items (DESIGN.md, "Items, audiences and events"; decision 023):
 * a viewer sees an item in full when they are its author, when it is public ('everyone'),
 * when it is for pass holders ('subscribers') and they hold an active pass to its creator,
 * or when they unlocked it or its parent (a series bought whole opens its episodes;
 * unlocked is for good, so a creator who later makes it for pass holders takes nothing
 * back). Nobody sees a hidden or removed item, its author included, and only its author
 * one still processing. Anyone else gets its preview (text teaser, blurred photo, the
 * 30-second cut), and never an address of the full file. A block between viewer and
 * creator hides the creator's items altogether: each kind's read answers them as missing.
 *
 * The rule is written once, in SQL (fullAccessCondition), so that lists and feeds decide it
 * inside the query that reads the items; decideAccess runs the same condition for one item.
 * It asks passes and unlocks, each answering for its own grant (decision 015).
 */

export type Access = 'full' | 'preview';

/** The item's columns the rule reads: the items table's own, or an alias of it. */
type ItemTerms = {
  id: SQL | AnyColumn;
  creatorId: SQL | AnyColumn;
  visibility: SQL | AnyColumn;
  status: SQL | AnyColumn;
  parentId: SQL | AnyColumn;
};

/** A signed-out viewer is '' inside queries: no author, pass or unlock has that id. */
export const SIGNED_OUT_VIEWER = '';

/** "The viewer sees this item in full", for a select or a where. */
export function fullAccessCondition(
  viewerId: SQL | string | Placeholder,
  item: ItemTerms = items,
): SQL<boolean> {
  return sql<boolean>`((${item.creatorId} = ${viewerId} and ${item.status} in ('published', 'processing'))
    or (${item.status} = 'published' and (${item.visibility} = 'everyone'
      or (${item.visibility} = 'subscribers' and ${activePassCondition(viewerId, item.creatorId)})
      or ${unlockedCondition(viewerId, item.id, item.parentId)})))`;
}

/** Whether `viewerId` (undefined when signed out) sees one item in full; a missing item is 'preview'. */
export async function decideAccess(db: Db, viewerId: string | undefined, itemId: string): Promise<Access> {
  const condition = fullAccessCondition(viewerId ?? SIGNED_OUT_VIEWER);
  const [row] = readRows<{ isFull: boolean }>(
    await db.execute(sql`select ${condition} as "isFull" from ${items} where ${items.id} = ${itemId}`),
  );
  return row?.isFull ? 'full' : 'preview';
}
