import { AUTH_MESSAGES, authRoutes } from '@stagepass/contract/auth';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import { limitPerAccount } from '../../plugins/rate-limits.ts';
import { queueAuthMail } from './auth-mail-job.ts';
import { verifyEmailCode } from './email-verification.service.ts';
import { checkResetLink } from './password-reset.service.ts';

/** The codes mailed to an address: checking one (or a reset link's token), mailing a new one. */
export function registerEmailVerificationRoutes(app: FastifyInstance): void {
  const { db, config } = app;
  // Per account as well as per address (the route's own limit): guesses spread over many
  // addresses still meet these. They count where junk traffic cannot reset them.
  const limitResendsPerEmail = limitPerAccount(app, 'resend', { max: 3, timeWindow: '10 minutes' });

  registerRoute(
    app,
    authRoutes.verifyCode,
    async (request) => {
      const { purpose, email, code } = request.body;
      return purpose === 'email-verification'
        ? verifyEmailCode({ db, config, email, code })
        : checkResetLink({ db, config, email, token: code });
    },
    { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
  );

  registerRoute(
    app,
    authRoutes.resendCode,
    async (request) => {
      const { email } = request.body;
      await limitResendsPerEmail(email);
      await queueAuthMail(db, { mail: 'verification-code', email });
      return { success: true as const, message: AUTH_MESSAGES.codeSent };
    },
    { config: { rateLimit: { max: 5, timeWindow: '10 minutes' } } },
  );
}
