import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type SessionRow, sessions } from '../../db/schema/index.ts';
import { createId } from '../../lib/ids.ts';
import { createSecretToken, hashToken } from '../../lib/secrets.ts';
import { SESSION_DAYS } from '../../plugins/session.ts';

/**
 * The sessions table's writes: auth owns it. Reading the session behind a request and the
 * cookies that carry it are in plugins/session.ts, which every module uses.
 */

const DAY_MS = 86_400_000;

/** A new random token at every sign-in; the database keeps only its hash. */
export async function createSession(
  db: Db,
  options: { userId: string; signedInWith: SessionRow['signedInWith']; oidcIdToken?: string },
): Promise<{ token: string; session: SessionRow }> {
  const token = createSecretToken();
  const [session] = await db
    .insert(sessions)
    .values({
      id: createId(),
      tokenHash: hashToken(token),
      userId: options.userId,
      signedInWith: options.signedInWith,
      oidcIdToken: options.oidcIdToken ?? null,
      expiresAt: new Date(Date.now() + SESSION_DAYS * DAY_MS),
    })
    .returning();
  return { token, session: session! };
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Every session of a user, or every one but `keepSessionId`. */
export async function revokeSessionsOfUser(db: Db, userId: string, keepSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
}
