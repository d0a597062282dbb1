import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { blocks } from '../../../db/schema/index.ts';

/**
 * Whether either account has blocked the other, asked before every purchase and again when
 * it is paid (a top-up completing later, a pass renewing): a block stops all money between
 * two accounts, both ways. The blocks table is profiles' (blocks.ts there asks the same);
 * money reads it itself because profiles depends on auth, which reads money's wallet
 * summary, and importing profiles here would close that circle. Two probes of the blocks
 * primary key.
 */
export async function isBlockedEitherWay(
  db: Pick<Db, 'select'>,
  fanId: string,
  creatorId: string,
): Promise<boolean> {
  const rows = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, fanId), eq(blocks.blockedId, creatorId)),
        and(eq(blocks.blockerId, creatorId), eq(blocks.blockedId, fanId)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
