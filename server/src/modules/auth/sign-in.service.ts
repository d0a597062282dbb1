import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { verifyAgainstDecoy, verifySecret } from './passwords.ts';
import { createSession } from './sessions.ts';

/**
 * Signs in with an email or a username (with or without @). Unknown account, account
 * without a password and wrong password all answer the same, in the same time.
 */
export async function signIn(options: { db: Db; identifier: string; password: string }) {
  const { db, password } = options;
  const identifier = options.identifier.trim().toLowerCase();
  const column = identifier.includes('@') && !identifier.startsWith('@') ? users.email : users.username;
  const lookup = column === users.username ? `@${identifier.replace(/^@/, '')}` : identifier;
  const [user] = await db.select().from(users).where(eq(column, lookup)).limit(1);

  const isPasswordRight = user?.passwordHash
    ? await verifySecret(user.passwordHash, password)
    : await verifyAgainstDecoy(password);
  if (!user || !isPasswordRight) {
    throw new AppError('INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials, 401);
  }
  // Recent activity ranks creators on the featured list.
  await db.update(users).set({ lastActiveAt: new Date() }).where(eq(users.id, user.id));
  return createSession(db, { userId: user.id, signedInWith: 'password' });
}
