import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/**
 * Marks an account active now (signing in, publishing): recent activity ranks creators on
 * the featured list. The account row is auth's, so other modules mark activity through here.
 */
export async function recordAccountActivity(db: Pick<Db, 'update'>, userId: string): Promise<void> {
  await db.update(users).set({ lastActiveAt: new Date() }).where(eq(users.id, userId));
}
