import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oneTimeCodes, users } from '../../db/schema/index.ts';
import { createId } from '../../lib/ids.ts';
import { hashWithSecret, isEqualInConstantTime } from '../../lib/secrets.ts';

type Purpose = 'email-verification' | 'reset-password';

export const CODE_LIFETIME_MS: Record<Purpose, number> = {
  'email-verification': 10 * 60_000,
  'reset-password': 30 * 60_000,
};
export const MAX_FAILED_ATTEMPTS = 5;

export type CodeCheck =
  | { outcome: 'valid'; codeId: string; userId: string }
  | { outcome: 'invalid' | 'expired' | 'too-many-tries' | 'none' };

/** Replaces any earlier code of that purpose: only the newest one works. */
export async function issueCode(
  db: Db,
  options: { secret: string; userId: string; purpose: Purpose; code: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(oneTimeCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(oneTimeCodes.userId, options.userId),
          eq(oneTimeCodes.purpose, options.purpose),
          isNull(oneTimeCodes.usedAt),
        ),
      );
    await tx.insert(oneTimeCodes).values({
      id: createId(),
      userId: options.userId,
      purpose: options.purpose,
      codeHash: hashWithSecret(options.secret, options.code),
      expiresAt: new Date(Date.now() + CODE_LIFETIME_MS[options.purpose]),
    });
  });
}

/** Whose code: an account by id (a signed-in person), or by the address typed in a form. */
export type CodeOwner = { userId: string } | { email: string; isUnverifiedOnly?: boolean };

/**
 * Checks a code against the owner's newest unused one, in one statement whatever the
 * owner: an unknown address, an account without a code and a wrong code answer the same
 * ('invalid'). A wrong code counts as a failed try in that statement, under the row's
 * lock (so parallel guesses cannot slip past the limit); it does not use the code up.
 * That a code has expired or is dead after too many tries is told only to someone holding
 * the right code: to anyone else it would say that the address has an account.
 *
 * The statement writes only a counted try or a right code: a wrong code for an address
 * whose code is dead or expired costs what an unknown address costs, so timing can tell
 * an account with a live code apart at most on its five counted tries.
 */
export async function checkCode(
  db: Db,
  options: { secret: string; purpose: Purpose; code: string } & CodeOwner,
): Promise<CodeCheck> {
  const codeHash = hashWithSecret(options.secret, options.code);
  const isCounted = and(
    ne(oneTimeCodes.codeHash, codeHash),
    lt(oneTimeCodes.failedAttempts, MAX_FAILED_ATTEMPTS),
    gt(oneTimeCodes.expiresAt, sql`now()`),
  );
  const newest = db
    .select({ id: oneTimeCodes.id })
    .from(oneTimeCodes)
    .where(
      and(isOwnedBy(db, options), eq(oneTimeCodes.purpose, options.purpose), isNull(oneTimeCodes.usedAt)),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  // A failed try must hold under concurrency, not survive a database crash: the commit
  // does not wait for the disk, so a wrong guess costs what finding no code costs.
  const [latest] = await db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    return tx
      .update(oneTimeCodes)
      .set({ failedAttempts: sql`${oneTimeCodes.failedAttempts} + case when ${isCounted} then 1 else 0 end` })
      .where(and(eq(oneTimeCodes.id, sql`(${newest})`), or(eq(oneTimeCodes.codeHash, codeHash), isCounted)))
      .returning({
        id: oneTimeCodes.id,
        userId: oneTimeCodes.userId,
        codeHash: oneTimeCodes.codeHash,
        failedAttempts: oneTimeCodes.failedAttempts,
        isExpired: sql<boolean>`${oneTimeCodes.expiresAt} <= now()`,
      });
  });
  if (!latest || !isEqualInConstantTime(latest.codeHash, codeHash)) return { outcome: 'invalid' };
  if (latest.failedAttempts >= MAX_FAILED_ATTEMPTS) return { outcome: 'too-many-tries' };
  if (latest.isExpired) return { outcome: 'expired' };
  return { outcome: 'valid', codeId: latest.id, userId: latest.userId };
}

function isOwnedBy(db: Db, owner: CodeOwner) {
  if ('userId' in owner) return eq(oneTimeCodes.userId, owner.userId);
  const accounts = db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.email, owner.email), owner.isUnverifiedOnly ? isNull(users.emailVerifiedAt) : undefined),
    );
  return inArray(oneTimeCodes.userId, accounts);
}

/**
 * Marks a valid code used. Returns false when a parallel request used it first: the
 * caller must then act as if the code were invalid (single use under concurrency).
 */
export async function useCode(db: Pick<Db, 'update'>, codeId: string): Promise<boolean> {
  const used = await db
    .update(oneTimeCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeCodes.id, codeId), isNull(oneTimeCodes.usedAt)))
    .returning({ id: oneTimeCodes.id });
  return used.length === 1;
}

export const CODE_CHECK_MESSAGES = {
  invalid: AUTH_MESSAGES.codeInvalid,
  none: AUTH_MESSAGES.codeInvalid,
  expired: AUTH_MESSAGES.codeExpired,
  'too-many-tries': AUTH_MESSAGES.codeTooManyTries,
} as const;
