import { AUTH_MESSAGES, type TCreatorCategory } from '@stagepass/contract/auth';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Fan or creator, chosen once at account setup; a creator has a category, a fan none.
 * Choosing the same type again is the same request (a double submit); another type is
 * refused, since a creator's posts and earnings, or a fan's purchases, belong to the type
 * the account has. A creator changes category in Edit Profile.
 */
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
    .where(and(eq(users.id, options.userId), or(isNull(users.role), eq(users.role, options.name))))
    .returning();
  if (!user) throw new AppError('ACCOUNT_TYPE_ALREADY_SET', AUTH_MESSAGES.accountTypeAlreadySet, 409);
  return user;
}
