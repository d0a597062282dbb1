import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { users } from '../../../db/schema/index.ts';
import { createId } from '../../../lib/ids.ts';
import { createSession } from '../sessions.service.ts';
import { toSignUpConflict } from '../sign-up.service.ts';

export async function findAccountIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return user?.id;
}

/**
 * The account of a social identity: the provider confirmed the email, so it starts
 * verified, and it has no password (sign-in goes through the provider, or a reset link
 * sets one later).
 */
export async function completeSocialSignUp(options: {
  db: Db;
  email: string;
  idToken: string;
  country: string;
  name: string;
  username: string;
}) {
  const userId = createId();
  await options.db
    .insert(users)
    .values({
      id: userId,
      email: options.email,
      username: options.username,
      name: options.name,
      passwordHash: null,
      countryCode: options.country,
      emailVerifiedAt: new Date(),
    })
    .catch((error: unknown) => {
      throw toSignUpConflict(error, options.username) ?? error;
    });
  return createSession(options.db, { userId, signedInWith: 'oidc', oidcIdToken: options.idToken });
}
