import { AUTH_MESSAGES, authRoutes } from '@stagepass/contract/auth';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import { limitPerAccount } from '../../plugins/rate-limits.ts';
import { clearAuthCookies, SESSION_COOKIE, setSessionCookie } from '../../plugins/session.ts';
import { describeSession, describeSessionUser } from './session-user.service.ts';
import { revokeSession } from './sessions.service.ts';
import { signIn } from './sign-in.service.ts';
import { findProviderLogoutUrl } from './social-sign-in/oidc-client.ts';

/** Signing in and out, and who is signed in. */
export function registerSessionRoutes(app: FastifyInstance): void {
  const { db, config } = app;
  // Per account as well as per address (the route's own limit): guesses spread over many
  // addresses still meet these. They count where junk traffic cannot reset them.
  const limitSignInsPerAccount = limitPerAccount(app, 'signin', { max: 10, timeWindow: '15 minutes' });

  registerRoute(
    app,
    authRoutes.signIn,
    async (request, reply) => {
      const { token, session } = await signIn({ db, ...request.body, countAttempt: limitSignInsPerAccount });
      setSessionCookie(reply, config, token);
      return {
        success: true as const,
        message: AUTH_MESSAGES.signedIn,
        user: await describeSession(db, session),
      };
    },
    { config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
  );

  registerRoute(app, authRoutes.signOut, async (_request, reply, current) => {
    if (current) await revokeSession(db, current.session.id);
    clearAuthCookies(reply, config);
    const providerLogoutUrl = await findProviderLogoutUrl(
      app.oidc,
      current?.session.oidcIdToken ?? null,
      `${config.publicUrl}/`,
    );
    return { success: true as const, message: AUTH_MESSAGES.signedOut, providerLogoutUrl };
  });

  registerRoute(app, authRoutes.getSession, async (request, reply, current) => {
    if (current) return describeSessionUser(db, current);
    // A cookie naming no live session (expired, revoked) goes, so later requests stop sending it.
    if (request.cookies[SESSION_COOKIE]) clearAuthCookies(reply, config);
    return reply.code(204).send(null);
  });
}
