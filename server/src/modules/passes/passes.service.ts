import { type AnyColumn, and, eq, gt, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passes } from '../../db/schema/index.ts';

/**
 * Passes (the spec's subscription, prepaid): what access, the profile view and the pass
 * purchase ask of them. A pass gives access exactly while its expiry is in the future.
 */

/**
 * "The viewer has an active pass to this creator", for use inside another query: e.g.
 * `activePassCondition(viewerId, posts.authorId)` in a where or a select.
 */
export function activePassCondition(
  viewerId: SQL | string | Placeholder,
  creatorIdColumn: SQL | AnyColumn,
): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${passes} where ${passes.fanId} = ${viewerId} and ${passes.creatorId} = ${creatorIdColumn} and ${passes.expiresAt} > now())`;
}

/** Whether the viewer holds a pass to the creator that has not expired. */
export async function hasActivePass(db: Db, viewerId: string, creatorId: string): Promise<boolean> {
  const rows = await db
    .select({ fanId: passes.fanId })
    .from(passes)
    .where(and(eq(passes.fanId, viewerId), eq(passes.creatorId, creatorId), gt(passes.expiresAt, sql`now()`)))
    .limit(1);
  return rows.length > 0;
}
