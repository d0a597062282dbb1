import type { FastifyInstance } from 'fastify';
import type { OidcClient } from './oidc-client.ts';
import { registerOidcFlowRoutes } from './oidc-flow.routes.ts';
import { registerSocialSignUpRoutes } from './social-sign-up.routes.ts';

/**
 * Social sign-in (contract: socialSignInRoutes): OpenID Connect code flow with PKCE, state
 * and nonce (openid-client), then sign-up completed for an identity that has no account yet.
 */
export async function registerOidcRoutes(
  app: FastifyInstance,
  options: { oidc: OidcClient | undefined },
): Promise<void> {
  registerOidcFlowRoutes(app, options.oidc);
  registerSocialSignUpRoutes(app);
}
