import type { TCreatorCategory } from '@stagepass/contract/auth';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/** Fan or creator; a creator has a category, a fan none. */
export async function setAccountType(options: {
  db: Db;
  userId: string;
  name: 'fan' | 'creator';
  cartegory?: TCreatorCategory | null;
}) {
  const [user] = await options.db
    .update(users)
    .set({
      role: options.name,
      category: options.name === 'creator' ? (options.cartegory ?? null) : null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, options.userId))
    .returning();
  return user!;
}
