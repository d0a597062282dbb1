import { randomBytes } from 'node:crypto';
import { socialSignInRoutes } from '@stagepass/contract/auth';
import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';

export const DEV_OIDC_PATH = '/dev-oidc';
export const DEV_OIDC_CLIENT_ID = 'stagepass-dev';

/**
 * A real OpenID Connect provider (oidc-provider) inside the development server, so social
 * sign-in works end to end in the demo and in tests with no outside service. Its built-in
 * pages accept any login: the login becomes the email. Never registered in production
 * (config gives 'development' only outside production).
 */
export async function registerDevOidcProvider(app: FastifyInstance): Promise<{ clientSecret: string }> {
  const { publicUrl } = app.config;
  // New at every start: only this very process is its client.
  const clientSecret = randomBytes(24).toString('base64url');
  // Built (and imported) at its first request: most runs, and every test but its own,
  // never use it; oidc-provider 9 also warns at import on Node 20 (it works; it asks for 22).
  let handle: Promise<ReturnType<Provider['callback']>> | undefined;
  const createHandler = async () => {
    const { default: OidcProvider } = await import('oidc-provider');
    const provider = new OidcProvider(`${publicUrl}${DEV_OIDC_PATH}`, {
      clients: [
        {
          client_id: DEV_OIDC_CLIENT_ID,
          client_secret: clientSecret,
          redirect_uris: [`${publicUrl}${socialSignInRoutes.callback.path}`],
          post_logout_redirect_uris: [`${publicUrl}/`],
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
      findAccount: (_context, accountId) => ({
        accountId,
        claims: () => ({
          sub: accountId,
          email: accountId.toLowerCase(),
          email_verified: true,
          name: nameFromLogin(accountId),
        }),
      }),
      // Short-lived dev cookies signed with a key that also dies with the process.
      cookies: { keys: [randomBytes(32).toString('base64url')] },
    });
    provider.proxy = app.config.trustProxy > 0;
    return provider.callback();
  };

  await app.register(async (scope) => {
    // oidc-provider reads request bodies itself: leave them unread here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all(`${DEV_OIDC_PATH}/*`, { schema: { hide: true } }, async (request, reply) => {
      reply.hijack();
      // Mounted under DEV_OIDC_PATH as Express's app.use(path, …) would: the provider reads
      // its mount path from originalUrl and routes on the rest.
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = raw.url!.slice(DEV_OIDC_PATH.length) || '/';
      handle ??= createHandler();
      (await handle)(request.raw, reply.raw);
    });
  });
  return { clientSecret };
}

/** 'thandiwe.phiri@example.com' → 'Thandiwe Phiri'. */
function nameFromLogin(login: string): string {
  const local = login.split('@')[0] ?? login;
  return local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join(' ');
}
