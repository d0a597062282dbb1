import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { defineJob } from '../../jobs/define-job.ts';
import type { JobHandler } from '../../jobs/job-runner.ts';
import type { Mailer } from '../../lib/mail/mailer.ts';
import { resendEmailCode } from './email-verification.service.ts';
import { requestPasswordReset } from './password-reset.service.ts';

/** Mails a reset link or a new email code to the account of an address typed in a form, if any. */
const ZAuthMail = z.object({ mail: z.enum(['password-reset', 'verification-code']), email: z.string() });
export type AuthMail = z.infer<typeof ZAuthMail>;

export const authMailJob = defineJob('auth-mail', ZAuthMail);

/**
 * Forgot-password and resend-code only queue this job, with the address as typed, for any
 * address: the request does the same work whether or not an account exists, so its timing
 * cannot tell. The lookup, the new code or link and the mail happen here, later. The
 * request does not wake the worker either: the mail goes at its next poll (within a
 * second), not right behind the answer, where its extra work could slow the caller's next
 * request only when the account exists.
 */
export async function queueAuthMail(db: Db, mail: AuthMail): Promise<void> {
  await authMailJob.enqueue(db, mail);
}

export function createAuthMailHandler(context: {
  db: Db;
  config: Config;
  mailer: Mailer;
}): JobHandler<AuthMail> {
  return {
    // A retry issues a new code or link, which replaces the one a failed attempt may have mailed.
    run: ({ mail, email }) =>
      mail === 'password-reset'
        ? requestPasswordReset({ ...context, email })
        : resendEmailCode({ ...context, email }),
  };
}

export function registerAuthMailJob(app: FastifyInstance): void {
  app.jobs.handle(authMailJob, createAuthMailHandler({ db: app.db, config: app.config, mailer: app.mailer }));
}
