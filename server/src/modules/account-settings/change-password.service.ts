import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { assertPasswordIsNotCommon, hashSecret } from '../../lib/passwords.ts';
import type { CurrentSession } from '../../plugins/session.ts';
import { revokeSessionsOfUser } from '../auth/sessions.service.ts';
import { confirmItIsTheOwner } from './confirm-owner.ts';

/**
 * Sets a new password (an account from social sign-in may set its first one) and signs
 * out every other session of the account: whoever else might know the old password loses
 * access, and this browser stays signed in.
 */
export async function changePassword(options: {
  db: Db;
  current: CurrentSession;
  currentPassword?: string;
  password: string;
}): Promise<void> {
  const { db, current } = options;
  await confirmItIsTheOwner(current, options.currentPassword);
  assertPasswordIsNotCommon(options.password);
  const passwordHash = await hashSecret(options.password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, current.user.id));
    await revokeSessionsOfUser(tx, current.user.id, current.session.id);
  });
}
