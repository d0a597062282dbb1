import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { verifyAgainstDecoy, verifySecret } from '../../lib/passwords.ts';
import { recordAccountActivity } from './account-activity.service.ts';
import { createSession } from './sessions.service.ts';

/**
 * Signs in with an email or a username (with or without @). Unknown account, account
 * without a password and wrong password all answer the same, in the same time.
 *
 * `countAttempt` is the per-account limit, given the key to count under: the account's
 * id when the identifier names one (so its email and its username, in any case, share one
 * budget of guesses), else the identifier as looked up. It runs before the password is
 * checked, so parallel guesses cannot slip past it.
 */
export async function signIn(options: {
  db: Db;
  identifier: string;
  password: string;
  countAttempt(key: string): Promise<void>;
}) {
  const { db, password } = options;
  const lookup = toLookup(options.identifier);
  const column = lookup.startsWith('@') ? users.username : users.email;
  const [user] = await db.select().from(users).where(eq(column, lookup)).limit(1);
  await options.countAttempt(user ? `account:${user.id}` : `unknown:${lookup}`);

  const isPasswordRight = user?.passwordHash
    ? await verifySecret(user.passwordHash, password)
    : await verifyAgainstDecoy(password);
  if (!user || !isPasswordRight) {
    throw new AppError('INVALID_CREDENTIALS', AUTH_MESSAGES.invalidCredentials, 401);
  }
  await recordAccountActivity(db, user.id);
  return createSession(db, { userId: user.id, signedInWith: 'password' });
}

/** An email as stored (lowercase), or a username as stored ('@' + lowercase). */
function toLookup(identifier: string): string {
  const typed = identifier.trim().toLowerCase();
  return typed.includes('@') && !typed.startsWith('@') ? typed : `@${typed.replace(/^@/, '')}`;
}
