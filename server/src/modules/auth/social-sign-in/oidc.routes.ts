import {
  ZAuthProvidersResponse,
  ZCompleteSocialSignUpRequest,
  ZOidcStartQuery,
  ZPendingSocialSignUp,
  ZSignUpResponse,
} from '@stagepass/contract/auth';
import { ZErrorResponse } from '@stagepass/contract/errors';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as client from 'openid-client';
import { AppError } from '../../../lib/errors.ts';
import { readSignedValue, signValue } from '../../../lib/signed-value.ts';
import { setSessionCookie } from '../../../plugins/session.ts';
import { describeSession } from '../session-user.service.ts';
import { createSession } from '../sessions.service.ts';
import type { OidcClient } from './oidc-client.ts';
import { completeSocialSignUp, findAccountIdByEmail } from './social-sign-up.service.ts';

const FLOW_COOKIE = 'oidc_flow';
const PENDING_COOKIE = 'oidc_pending';
const FLOW_LIFETIME_MS = 10 * 60_000;
const PENDING_LIFETIME_MS = 30 * 60_000;
const tags = ['accounts'];

type Flow = { verifier: string; state: string; nonce: string; role?: 'fan' | 'creator'; next?: string };
type Pending = { email: string; name: string; role: 'fan' | 'creator' | null; idToken: string };

/** Social sign-in: OpenID Connect code flow with PKCE, state and nonce (openid-client). */
export async function registerOidcRoutes(
  fastify: FastifyInstance,
  options: { oidc: OidcClient | undefined },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app;
  const { oidc } = options;
  const redirectUri = `${config.publicUrl}/api/auth/oidc/callback`;
  const cookie = (path: string, lifetimeMs: number) => ({
    path,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.isProduction,
    maxAge: lifetimeMs / 1000,
  });
  const requireOidc = () => {
    if (!oidc) throw new AppError('NOT_FOUND', 'Social sign-in is not offered here.', 404);
    return oidc;
  };

  app.get(
    '/api/auth/providers',
    {
      schema: { tags, summary: 'Which social sign-in is offered', response: { 200: ZAuthProvidersResponse } },
    },
    async () => ({ social: oidc ? { name: oidc.providerName, startUrl: '/api/auth/oidc/start' } : null }),
  );

  app.get(
    '/api/auth/oidc/start',
    {
      schema: {
        tags,
        summary: 'Go to the social sign-in provider',
        querystring: ZOidcStartQuery,
        response: { 404: ZErrorResponse },
      },
    },
    async (request, reply) => {
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
        cookie('/api/auth/oidc', FLOW_LIFETIME_MS),
      );
      return reply.redirect(authorizationUrl.href);
    },
  );

  app.get(
    '/api/auth/oidc/callback',
    { schema: { tags, summary: 'Where the provider sends the browser back' } },
    async (request, reply) => {
      const configuration = await requireOidc().getConfiguration();
      const flow = readSignedValue<Flow>(config, FLOW_COOKIE, request.cookies[FLOW_COOKIE]);
      reply.clearCookie(FLOW_COOKIE, { path: '/api/auth/oidc' });
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
        const pending: Pending = { email, name, role: flow.role ?? null, idToken };
        reply.setCookie(
          PENDING_COOKIE,
          signValue(config, PENDING_COOKIE, pending, PENDING_LIFETIME_MS),
          cookie('/api', PENDING_LIFETIME_MS),
        );
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
    },
  );

  app.get(
    '/api/auth/oidc/pending',
    {
      schema: {
        tags,
        summary: 'The social identity waiting to complete sign-up',
        response: { 200: ZPendingSocialSignUp, 404: ZErrorResponse },
      },
    },
    async (request) => {
      const pending = readSignedValue<Pending>(config, PENDING_COOKIE, request.cookies[PENDING_COOKIE]);
      if (!pending)
        throw new AppError('NOT_FOUND', 'There is no social sign-up to complete. Start again.', 404);
      return { email: pending.email, name: pending.name, role: pending.role };
    },
  );

  app.post(
    '/api/auth/oidc/complete-signup',
    {
      schema: {
        tags,
        summary: 'Create the account of a social identity (no password)',
        body: ZCompleteSocialSignUpRequest,
        response: { 201: ZSignUpResponse, 400: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      const pending = readSignedValue<Pending>(config, PENDING_COOKIE, request.cookies[PENDING_COOKIE]);
      if (!pending)
        throw new AppError('NOT_FOUND', 'There is no social sign-up to complete. Start again.', 404);
      const { token, session } = await completeSocialSignUp({
        db,
        email: pending.email,
        idToken: pending.idToken,
        ...request.body,
      });
      reply.clearCookie(PENDING_COOKIE, { path: '/api' });
      setSessionCookie(reply, config, token);
      return reply
        .status(201)
        .send({ success: true, message: 'Welcome to Stagepass.', user: await describeSession(db, session) });
    },
  );
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

/** RP-initiated logout, where the provider offers it. */
export async function findProviderLogoutUrl(
  oidc: OidcClient | undefined,
  idToken: string | null,
  postLogoutUrl: string,
) {
  if (!oidc || !idToken) return undefined;
  const configuration = await oidc.getConfiguration().catch(() => undefined);
  if (!configuration?.serverMetadata().end_session_endpoint) return undefined;
  return client.buildEndSessionUrl(configuration, {
    id_token_hint: idToken,
    post_logout_redirect_uri: postLogoutUrl,
  }).href;
}
