import { authRoutes } from '@stagepass/contract/auth';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import { setSessionCookie } from '../../plugins/session.ts';
import { describeSession } from './session-user.service.ts';
import { signUp } from './sign-up.service.ts';
import { checkUsernameAvailability } from './usernames.ts';

/** Sign-up, and the username check its form makes while the person types. */
export function registerSignUpRoutes(app: FastifyInstance): void {
  const { db, config, mailer } = app;

  registerRoute(
    app,
    authRoutes.signUp,
    async (request, reply) => {
      const { token, session } = await signUp({
        db,
        mailer,
        config,
        log: request.log,
        request: request.body,
      });
      setSessionCookie(reply, config, token);
      const user = await describeSession(db, session);
      return reply
        .status(201)
        .send({ success: true, message: 'We sent a 6-digit code to your email.', user });
    },
    { config: { rateLimit: { max: 20, timeWindow: '1 hour' } } },
  );

  registerRoute(
    app,
    authRoutes.getUsernameAvailability,
    async (request) => checkUsernameAvailability(db, request.params.username),
    { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
  );
}
