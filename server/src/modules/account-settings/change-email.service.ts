import { SETTINGS_MESSAGES } from '@stagepass/contract/account-settings';
import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mail/mailer.ts';
import { emailChangeCodeMail, emailChangedNoticeMail } from '../../lib/mail/templates.ts';
import { createSixDigitCode } from '../../lib/secrets.ts';
import { readSignedValue, signValue } from '../../lib/signed-value.ts';
import type { CurrentSession } from '../../plugins/session.ts';
import {
  CODE_CHECK_MESSAGES,
  CODE_LIFETIME_MS,
  checkCode,
  issueCode,
  useCode,
} from '../auth/one-time-codes.service.ts';
import { toSignUpConflict } from '../auth/sign-up.service.ts';
import { confirmItIsTheOwner } from './confirm-owner.ts';

/**
 * Changing the email address in two steps: a code goes to the new address, and only that
 * code switches it.
 *
 * Where the pending address lives: the one_time_codes table has no column for it, so it
 * travels in an httpOnly cookie signed with APP_SECRET and bound to this session (the
 * browser holds it, cannot alter it, and it is worthless in any other session). The code
 * is stored as an 'email-verification' code whose hash covers the address too, so it
 * proves control of exactly that address and can never pass as the account's sign-up
 * code (nor the reverse). Asking again replaces both the code and the cookie; for an
 * account not yet verified it also retires the sign-up code, as that address is on its way out.
 */

type Context = { db: Db; config: Config };
type PendingChange = { sessionId: string; email: string };

const COOKIE_PURPOSE = 'email-change';
const CODE_PURPOSE = 'email-verification';
export const EMAIL_CHANGE_COOKIE = 'email_change';
export const EMAIL_CHANGE_LIFETIME_MS = CODE_LIFETIME_MS[CODE_PURPOSE];

function bindCodeToAddress(email: string, code: string): string {
  return `email-change:${email}:${code}`;
}

/** Step one: checks the address is free and mails it a code; answers the signed pending change. */
export async function requestEmailChange(
  options: Context & { mailer: Mailer; current: CurrentSession; email: string; currentPassword?: string },
): Promise<string> {
  const { db, config, current, email } = options;
  if (email === current.user.email) throw new AppError('SAME_EMAIL', SETTINGS_MESSAGES.sameEmail, 400);
  await confirmItIsTheOwner(current, options.currentPassword);
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (owner) throw new AppError('EMAIL_TAKEN', AUTH_MESSAGES.emailTaken, 409);

  const code = createSixDigitCode();
  await issueCode(db, {
    secret: config.appSecret,
    userId: current.user.id,
    purpose: CODE_PURPOSE,
    code: bindCodeToAddress(email, code),
  });
  await options.mailer.send(emailChangeCodeMail({ to: email, name: current.user.name, code }));
  const pending: PendingChange = { sessionId: current.session.id, email };
  return signValue(config, COOKIE_PURPOSE, pending, EMAIL_CHANGE_LIFETIME_MS);
}

/** Step two: the code from the new address switches the email and marks it verified. */
export async function confirmEmailChange(
  options: Context & {
    mailer: Mailer;
    log: FastifyBaseLogger;
    current: CurrentSession;
    pendingCookie: string | undefined;
    code: string;
  },
): Promise<void> {
  const { db, config, current } = options;
  const pending = readSignedValue<PendingChange>(config, COOKIE_PURPOSE, options.pendingCookie);
  if (!pending || pending.sessionId !== current.session.id) {
    throw new AppError('EMAIL_CHANGE_EXPIRED', SETTINGS_MESSAGES.emailChangeExpired, 400);
  }
  const check = await checkCode(db, {
    secret: config.appSecret,
    userId: current.user.id,
    purpose: CODE_PURPOSE,
    code: bindCodeToAddress(pending.email, options.code),
  });
  if (check.outcome !== 'valid') {
    const code = check.outcome === 'invalid' || check.outcome === 'none' ? 'INVALID_CODE' : 'CODE_EXPIRED';
    throw new AppError(code, CODE_CHECK_MESSAGES[check.outcome], 400);
  }

  await db
    .transaction(async (tx) => {
      if (!(await useCode(tx, check.codeId))) {
        throw new AppError('INVALID_CODE', AUTH_MESSAGES.codeInvalid, 400);
      }
      // The unique index decides when someone else took the address since step one.
      await tx
        .update(users)
        .set({ email: pending.email, emailVerifiedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, current.user.id));
    })
    .catch((error: unknown) => {
      throw toSignUpConflict(error, current.user.username) ?? error;
    });

  // The change stands either way; a lost notice is logged, not shown as a failure.
  await options.mailer
    .send(
      emailChangedNoticeMail({
        to: current.user.email,
        name: current.user.name,
        newEmail: pending.email,
      }),
    )
    .catch((error: unknown) => options.log.error({ err: error }, 'email change notice not sent'));
}
