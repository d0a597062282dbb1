import * as client from 'openid-client';
import type { Config } from '../../../config.ts';
import { DEV_OIDC_CLIENT_ID, DEV_OIDC_PATH } from './dev-oidc-provider.ts';

export type OidcClient = {
  providerName: string;
  /** Discovery runs at first use: the provider (or this very server) may not answer at start. */
  getConfiguration(): Promise<client.Configuration>;
};

export function createOidcClient(
  config: Config,
  devClientSecret: string | undefined,
): OidcClient | undefined {
  const settings = config.oidc;
  if (settings.kind === 'none') return undefined;
  const { issuer, clientId, clientSecret } =
    settings.kind === 'external'
      ? settings
      : {
          issuer: `${config.publicUrl}${DEV_OIDC_PATH}`,
          clientId: DEV_OIDC_CLIENT_ID,
          clientSecret: devClientSecret!,
        };

  let discovered: Promise<client.Configuration> | undefined;
  return {
    providerName: settings.providerName,
    getConfiguration: () => {
      discovered ??= client
        .discovery(new URL(issuer), clientId, clientSecret, undefined, {
          // Only the local development provider speaks plain http.
          execute: issuer.startsWith('http://') ? [client.allowInsecureRequests] : [],
        })
        .catch((error: unknown) => {
          discovered = undefined;
          throw error;
        });
      return discovered;
    },
  };
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
