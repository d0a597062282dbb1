import { AUTH_MESSAGES, authRoutes } from '@stagepass/contract/auth';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import { limitPerAccount } from '../../plugins/rate-limits.ts';
import { queueAuthMail } from './auth-mail-job.ts';
import { resetPassword } from './password-reset.service.ts';

/** A forgotten password: mailing a reset link, then setting a new password with it. */
export function registerPasswordResetRoutes(app: FastifyInstance): void {
  const { db, config } = app;
  // Per account as well as per address (the route's own limit): guesses spread over many
  // addresses still meet these. They count where junk traffic cannot reset them.
  const limitResetMailsPerEmail = limitPerAccount(app, 'forgot', { max: 3, timeWindow: '15 minutes' });

  registerRoute(
    app,
    authRoutes.forgotPassword,
    async (request) => {
      const { email } = request.body;
      await limitResetMailsPerEmail(email);
      await queueAuthMail(db, { mail: 'password-reset', email });
      return { success: true as const, message: AUTH_MESSAGES.resetLinkSent };
    },
    { config: { rateLimit: { max: 5, timeWindow: '15 minutes' } } },
  );

  registerRoute(
    app,
    authRoutes.resetPassword,
    async (request) => {
      const { email, token, password } = request.body;
      await resetPassword({ db, config, email, token, password });
      return { success: true, message: AUTH_MESSAGES.passwordChanged, isExpired: false };
    },
    { config: { rateLimit: { max: 10, timeWindow: '15 minutes' } } },
  );
}
