import type { TPostVisibility } from '@stagepass/contract/posts';
import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type Db, readRows } from '../../db/client.ts';
import { activePassCondition } from '../passes/passes.service.ts';
import { type UnlockItemType, unlockedCondition } from '../unlocks/unlocks.service.ts';

/**
 * Access, the one rule (DESIGN.md, "Spending inside the platform"): a viewer sees an item in
 * full when they are its author, when it is public ('everyone'), when it is for pass
 * holders ('subscribers') and they hold an active pass to its creator, or when they unlocked
 * it (bought while it was pay-to-unlock: unlocked is for good, so a creator who later makes
 * it for pass holders takes nothing back); anyone else gets its preview (text teaser,
 * blurred photo, the 30-second cut), and never an address of the full file.
 *
 * The rule is written once, in SQL (fullAccessCondition), so that lists and feeds decide it
 * inside the query that reads the items; decideAccess runs the same condition for one item.
 * It lives in a module of its own, not in posts, because audio tracks and videos will ask it
 * too, and it asks passes and unlocks, each answering for its own grant (decision 015).
 */

export type Access = 'full' | 'preview';

/** An item as the rule needs it; the columns of the query that reads it, or values. */
type ItemTerms<Value> = {
  type: UnlockItemType;
  id: Value;
  creatorId: Value;
  visibility: Value;
};

/** A signed-out viewer is '' inside queries: no author, pass or unlock has that id. */
export const SIGNED_OUT_VIEWER = '';

/** "The viewer sees this item in full", for a select or a where. */
export function fullAccessCondition(
  viewerId: SQL | string | Placeholder,
  item: ItemTerms<SQL | AnyColumn>,
): SQL<boolean> {
  return sql<boolean>`(${item.creatorId} = ${viewerId}
    or ${item.visibility} = 'everyone'
    or (${item.visibility} = 'subscribers' and ${activePassCondition(viewerId, item.creatorId)})
    or ${unlockedCondition(viewerId, item.type, item.id)})`;
}

/** Whether `viewerId` (undefined when signed out) sees one item in full. */
export async function decideAccess(
  db: Db,
  viewerId: string | undefined,
  item: { type: UnlockItemType; id: string; creatorId: string; visibility: TPostVisibility },
): Promise<Access> {
  const condition = fullAccessCondition(viewerId ?? SIGNED_OUT_VIEWER, {
    type: item.type,
    id: sql`${item.id}::text`,
    creatorId: sql`${item.creatorId}::text`,
    visibility: sql`${item.visibility}::text`,
  });
  const [row] = readRows<{ isFull: boolean }>(await db.execute(sql`select ${condition} as "isFull"`));
  return row?.isFull ? 'full' : 'preview';
}
