import { AUTH_MESSAGES, type TVerifyCodeResponse } from '@stagepass/contract/auth';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mail/mailer.ts';
import { passwordResetMail } from '../../lib/mail/templates.ts';
import { assertPasswordIsNotCommon, hashSecret } from '../../lib/passwords.ts';
import { createSecretToken } from '../../lib/secrets.ts';
import { checkCode, issueCode, useCode } from './one-time-codes.service.ts';
import { revokeSessionsOfUser } from './sessions.service.ts';

type Context = { db: Db; config: Config };

/**
 * Mails a single-use link valid for 30 minutes to the account of that address; nothing for
 * an unknown one. Runs in the background (the auth-mail job): the request answers the same
 * in the same time whether or not the account exists.
 */
export async function requestPasswordReset(
  options: Context & { mailer: Mailer; email: string },
): Promise<void> {
  const { db, config } = options;
  const [user] = await db.select().from(users).where(eq(users.email, options.email)).limit(1);
  if (!user) return;
  const token = createSecretToken();
  await issueCode(db, { secret: config.appSecret, userId: user.id, purpose: 'reset-password', code: token });
  // Token and address ride in the fragment, which a browser never sends: no server, proxy
  // or access log on the way holds them. The page reads them there (readResetLink on the web).
  const fragment = new URLSearchParams({ reset: token, email: user.email });
  const link = `${config.publicUrl}/account/forgot-password#${fragment}`;
  await options.mailer.send(passwordResetMail({ to: user.email, name: user.name, link }));
}

/** Whether a reset link still works, before the person types a new password. */
export async function checkResetLink(
  options: Context & { email: string; token: string },
): Promise<TVerifyCodeResponse> {
  const check = await checkResetToken(options);
  if (check.outcome === 'valid')
    return { verified: true, isExpired: false, message: 'Choose a new password.' };
  const isExpired = check.outcome === 'expired';
  return {
    verified: false,
    isExpired,
    message: isExpired ? AUTH_MESSAGES.resetLinkExpired : AUTH_MESSAGES.resetLinkInvalid,
  };
}

/** Sets the new password, uses up the link and signs the account out everywhere. */
export async function resetPassword(options: Context & { email: string; token: string; password: string }) {
  const { db } = options;
  assertPasswordIsNotCommon(options.password);
  const check = await checkResetToken(options);
  if (check.outcome === 'expired') throw new AppError('RESET_LINK_EXPIRED', AUTH_MESSAGES.resetLinkExpired);
  if (check.outcome !== 'valid') throw new AppError('RESET_LINK_INVALID', AUTH_MESSAGES.resetLinkInvalid);
  const passwordHash = await hashSecret(options.password);
  await db.transaction(async (tx) => {
    if (!(await useCode(tx, check.codeId)))
      throw new AppError('RESET_LINK_INVALID', AUTH_MESSAGES.resetLinkInvalid);
    // Opening the mailed link proves the address too.
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, check.userId))
      .returning();
    if (user && !user.emailVerifiedAt) {
      await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    }
    await revokeSessionsOfUser(tx, check.userId);
  });
}

function checkResetToken(options: Context & { email: string; token: string }) {
  return checkCode(options.db, {
    secret: options.config.appSecret,
    email: options.email,
    purpose: 'reset-password',
    code: options.token,
  });
}
