import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oneTimeCodes } from '../../db/schema/index.ts';
import { createId } from '../../lib/ids.ts';
import { hashWithSecret, isEqualInConstantTime } from '../../lib/secrets.ts';

type Purpose = 'email-verification' | 'reset-password';

export const CODE_LIFETIME_MS: Record<Purpose, number> = {
  'email-verification': 10 * 60_000,
  'reset-password': 30 * 60_000,
};
export const MAX_FAILED_ATTEMPTS = 5;

export type CodeCheck =
  | { outcome: 'valid'; codeId: string }
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

/**
 * Checks a code against the newest unused one. A wrong code counts as a failed try (in
 * the database, so parallel guesses cannot slip past the limit); it does not use it up.
 */
export async function checkCode(
  db: Db,
  options: { secret: string; userId: string; purpose: Purpose; code: string },
): Promise<CodeCheck> {
  const [latest] = await db
    .select()
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.userId, options.userId),
        eq(oneTimeCodes.purpose, options.purpose),
        isNull(oneTimeCodes.usedAt),
      ),
    )
    .orderBy(desc(oneTimeCodes.createdAt))
    .limit(1);
  if (!latest) return { outcome: 'none' };
  if (latest.failedAttempts >= MAX_FAILED_ATTEMPTS) return { outcome: 'too-many-tries' };
  if (latest.expiresAt.getTime() <= Date.now()) return { outcome: 'expired' };
  if (isEqualInConstantTime(latest.codeHash, hashWithSecret(options.secret, options.code))) {
    return { outcome: 'valid', codeId: latest.id };
  }
  const [counted] = await db
    .update(oneTimeCodes)
    .set({ failedAttempts: sql`${oneTimeCodes.failedAttempts} + 1` })
    .where(eq(oneTimeCodes.id, latest.id))
    .returning({ failedAttempts: oneTimeCodes.failedAttempts });
  return { outcome: (counted?.failedAttempts ?? 0) >= MAX_FAILED_ATTEMPTS ? 'too-many-tries' : 'invalid' };
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
