import { socialSignInRoutes } from '@stagepass/contract/auth';
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as client from 'openid-client';
import { AppError } from '../../../lib/errors.ts';
import { registerRoute } from '../../../lib/register-route.ts';
import { readSignedValue, signValue } from '../../../lib/signed-value.ts';
import { setSessionCookie } from '../../../plugins/session.ts';
import { createSession } from '../sessions.service.ts';
import type { OidcClient } from './oidc-client.ts';
import { setPendingSignUpCookie, socialSignInCookieOptions } from './social-sign-in-cookies.ts';
import { findAccountIdByEmail } from './social-sign-up.service.ts';

const FLOW_COOKIE = 'oidc_flow';
const FLOW_COOKIE_PATH = '/api/auth/oidc';
const FLOW_LIFETIME_MS = 10 * 60_000;

type Flow = { verifier: string; state: string; nonce: string; role?: 'fan' | 'creator'; next?: string };

/** Which provider is offered, the way there, and the way back (a session, or a pending sign-up). */
export function registerOidcFlowRoutes(app: FastifyInstance, oidc: OidcClient | undefined): void {
  const { db, config } = app;
  const { getProviders, start, callback } = socialSignInRoutes;
  const redirectUri = `${config.publicUrl}${callback.path}`;
  const publicHost = new URL(config.publicUrl).host;
  const requireOidc = () => {
    if (!oidc) throw new AppError('NOT_FOUND', 'Social sign-in is not offered here.', 404);
    return oidc;
  };

  registerRoute(app, getProviders, async () => ({
    social: oidc ? { name: oidc.providerName, startUrl: start.path } : null,
  }));

  registerRoute(app, start, async (request, reply) => {
    // The provider returns to PUBLIC_URL, which would not be sent the flow cookie set under
    // another name of this machine (127.0.0.1 when PUBLIC_URL says localhost): the flow starts
    // there instead. Not in production, where a proxy may name the host otherwise.
    if (!config.isProduction && request.host !== publicHost) {
      return reply.redirect(`${config.publicUrl}${request.url}`);
    }
    const configuration = await requireOidc().getConfiguration();
    const flow: Flow = {
      verifier: client.randomPKCECodeVerifier(),
      state: client.randomState(),
      nonce: client.randomNonce(),
      role: request.query.role,
      next: isSameOriginPath(request.query.next) ? request.query.next : undefined,
    };
    const authorizationUrl = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    reply.setCookie(
      FLOW_COOKIE,
      signValue(config, FLOW_COOKIE, flow, FLOW_LIFETIME_MS),
      socialSignInCookieOptions(config, FLOW_COOKIE_PATH, FLOW_LIFETIME_MS),
    );
    return reply.redirect(authorizationUrl.href);
  });

  registerRoute(app, callback, async (request, reply) => {
    const configuration = await requireOidc().getConfiguration();
    const flow = readSignedValue<Flow>(config, FLOW_COOKIE, request.cookies[FLOW_COOKIE]);
    reply.clearCookie(FLOW_COOKIE, { path: FLOW_COOKIE_PATH });
    if (!flow) return redirectWithError(reply, 'Your sign-in took too long. Try again.');

    let identity: Record<string, unknown> | undefined;
    let idToken: string | undefined;
    try {
      const tokens = await client.authorizationCodeGrant(
        configuration,
        new URL(request.url, config.publicUrl),
        {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        },
      );
      idToken = tokens.id_token;
      const claims = tokens.claims();
      // Providers may keep email and name out of the ID token; UserInfo always has them.
      identity =
        claims && typeof claims.email === 'string'
          ? claims
          : await client.fetchUserInfo(
              configuration,
              tokens.access_token,
              claims?.sub ?? client.skipSubjectCheck,
            );
    } catch (error) {
      request.log.warn({ err: error }, 'social sign-in failed');
      return redirectWithError(reply, 'Sign-in with the provider did not complete. Try again.');
    }
    const email = typeof identity?.email === 'string' ? identity.email.toLowerCase() : undefined;
    if (!email || identity?.email_verified === false || !idToken) {
      return redirectWithError(reply, 'The provider did not confirm an email address for this account.');
    }

    const accountId = await findAccountIdByEmail(db, email);
    if (!accountId) {
      const name = typeof identity?.name === 'string' ? identity.name : email.split('@')[0]!;
      setPendingSignUpCookie(reply, config, { email, name, role: flow.role ?? null, idToken });
      return reply.redirect('/creators/featured?modal=signup/complete-signup');
    }
    const { token } = await createSession(db, {
      userId: accountId,
      signedInWith: 'oidc',
      oidcIdToken: idToken,
    });
    setSessionCookie(reply, config, token);
    const next = flow.next ? `&next_page=${encodeURIComponent(flow.next)}` : '';
    return reply.redirect(`/signin?social=done${next}`);
  });
}

function redirectWithError(reply: FastifyReply, message: string) {
  return reply.redirect(`/signin?social_error=${encodeURIComponent(message)}`);
}

/** Only paths of this site: '/x' but not '//evil.example' or 'https://…'. */
export function isSameOriginPath(path: string | undefined): path is string {
  return (
    typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\')
  );
}
