import { AUTH_MESSAGES, type TVerifyCodeResponse } from '@stagepass/contract/auth';
import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { Mailer } from '../../lib/mail/mailer.ts';
import { verificationCodeMail } from '../../lib/mail/templates.ts';
import { createSixDigitCode } from '../../lib/secrets.ts';
import { CODE_CHECK_MESSAGES, checkCode, issueCode, useCode } from './one-time-codes.service.ts';

type Context = { db: Db; config: Config };

/**
 * Verifies an address with its code. A wrong code never verifies, and an unknown address,
 * an address already verified and a wrong code all get the same answer in the same time:
 * the answer tells a stranger nothing about which addresses have accounts.
 */
export async function verifyEmailCode(
  options: Context & { email: string; code: string },
): Promise<TVerifyCodeResponse> {
  const { db, config } = options;
  const check = await checkCode(db, {
    secret: config.appSecret,
    email: options.email,
    isUnverifiedOnly: true,
    purpose: 'email-verification',
    code: options.code,
  });
  if (check.outcome !== 'valid') {
    return {
      verified: false,
      isExpired: check.outcome === 'expired' || check.outcome === 'too-many-tries',
      message: CODE_CHECK_MESSAGES[check.outcome],
    };
  }
  const isVerified = await db.transaction(async (tx) => {
    if (!(await useCode(tx, check.codeId))) return false;
    await tx
      .update(users)
      .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(users.id, check.userId));
    return true;
  });
  return isVerified
    ? { verified: true, isExpired: false, message: AUTH_MESSAGES.emailVerified }
    : { verified: false, isExpired: false, message: AUTH_MESSAGES.codeInvalid };
}

/**
 * Mails a fresh code to an unverified account; nothing for any other address. Runs in the
 * background (the auth-mail job), so the request that asked answers alike for every address.
 */
export async function resendEmailCode(options: Context & { mailer: Mailer; email: string }): Promise<void> {
  const { db, config } = options;
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, options.email), isNull(users.emailVerifiedAt)))
    .limit(1);
  if (!user) return;
  const code = createSixDigitCode();
  await issueCode(db, { secret: config.appSecret, userId: user.id, purpose: 'email-verification', code });
  await options.mailer.send(verificationCodeMail({ to: user.email, name: user.name, code }));
}
