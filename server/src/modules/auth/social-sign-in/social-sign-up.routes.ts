import { socialSignInRoutes } from '@stagepass/contract/auth';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../../lib/register-route.ts';
import { setSessionCookie } from '../../../plugins/session.ts';
import { describeSession } from '../session-user.service.ts';
import { clearPendingSignUpCookie, requirePendingSignUp } from './social-sign-in-cookies.ts';
import { completeSocialSignUp } from './social-sign-up.service.ts';

/** A social identity with no account yet: what it is, and creating its account (no password). */
export function registerSocialSignUpRoutes(app: FastifyInstance): void {
  const { db, config } = app;

  registerRoute(app, socialSignInRoutes.getPendingSignUp, async (request) => {
    const pending = requirePendingSignUp(request, config);
    return { email: pending.email, name: pending.name, role: pending.role };
  });

  registerRoute(
    app,
    socialSignInRoutes.completeSignUp,
    async (request, reply) => {
      const pending = requirePendingSignUp(request, config);
      const { token, session } = await completeSocialSignUp({
        db,
        email: pending.email,
        idToken: pending.idToken,
        ...request.body,
      });
      clearPendingSignUpCookie(reply);
      setSessionCookie(reply, config, token);
      return reply
        .status(201)
        .send({ success: true, message: 'Welcome to Stagepass.', user: await describeSession(db, session) });
    },
    { config: { rateLimit: { max: 20, timeWindow: '1 hour' } } },
  );
}
