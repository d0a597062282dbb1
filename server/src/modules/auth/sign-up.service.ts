import { AUTH_MESSAGES, type ZSignUpRequest } from '@stagepass/contract/auth';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { findDatabaseError, SQL_STATE } from '../../lib/database-errors.ts';
import { AppError } from '../../lib/errors.ts';
import { createId } from '../../lib/ids.ts';
import type { Mailer } from '../../lib/mail/mailer.ts';
import { verificationCodeMail } from '../../lib/mail/templates.ts';
import { assertPasswordIsNotCommon, hashSecret } from '../../lib/passwords.ts';
import { createSixDigitCode } from '../../lib/secrets.ts';
import { issueCode } from './one-time-codes.service.ts';
import { createSession } from './sessions.service.ts';
import { usernameTakenMessage } from './usernames.ts';

type SignUpInput = ReturnType<typeof ZSignUpRequest.parse>;

/**
 * Creates the account (balance 0, published 'pending', email not yet verified), signs it
 * in, and mails a six-digit code. The account and its code are written together; the mail
 * goes after, and a lost mail is what Resend Code is for.
 */
export async function signUp(options: {
  db: Db;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
  request: SignUpInput;
}) {
  const { db, request } = options;
  assertPasswordIsNotCommon(request.password);
  const passwordHash = await hashSecret(request.password);
  const code = createSixDigitCode();
  const userId = createId();

  await db
    .transaction(async (tx) => {
      await tx.insert(users).values({
        id: userId,
        email: request.email,
        username: request.username,
        name: request.name,
        passwordHash,
        countryCode: request.country,
      });
      await issueCode(tx, {
        secret: options.config.appSecret,
        userId,
        purpose: 'email-verification',
        code,
      });
    })
    .catch((error: unknown) => {
      throw toSignUpConflict(error, request.username) ?? error;
    });

  // The account stands either way: a mail that did not go is what Resend Code is for, and
  // failing here would leave an account its owner was told does not exist.
  await options.mailer
    .send(verificationCodeMail({ to: request.email, name: request.name, code }))
    .catch((error: unknown) => options.log.error({ err: error }, 'verification mail not sent at sign-up'));
  return createSession(db, { userId, signedInWith: 'password' });
}

/** Two sign-ups racing for one email or username: the database's unique index decides. */
export function toSignUpConflict(error: unknown, username: string): AppError | undefined {
  const constraint = findUniqueViolation(error);
  if (constraint === 'users_email_unique') return new AppError('EMAIL_TAKEN', AUTH_MESSAGES.emailTaken, 409);
  if (constraint === 'users_username_unique') {
    return new AppError('USERNAME_TAKEN', usernameTakenMessage(username), 409);
  }
  return undefined;
}

function findUniqueViolation(error: unknown): string | undefined {
  return findDatabaseError(error, SQL_STATE.uniqueViolation)?.constraint;
}
