import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blocks } from '../../db/schema/index.ts';

/**
 * Whether either user has blocked the other. Later features (comments, tips, messages)
 * ask this before letting one reach the other; the blocks primary key and its
 * blocks_blocked index answer it with two index probes.
 */
export async function isBlockedBetween(db: Db, userA: string, userB: string): Promise<boolean> {
  const rows = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, userA), eq(blocks.blockedId, userB)),
        and(eq(blocks.blockerId, userB), eq(blocks.blockedId, userA)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Whether `blockerId` itself has blocked `blockedId` (one direction only). */
export async function hasBlocked(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .limit(1);
  return rows.length > 0;
}
