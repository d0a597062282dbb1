import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { hashWithSecret } from '../../../../lib/secrets.ts';
import { createPawapayClient, type PawapayClient } from './pawapay-client.ts';
import { createPawapaySandbox, type PawapaySandbox } from './sandbox/pawapay-sandbox.ts';
import { createDatabaseDepositStore } from './sandbox/sandbox-deposit-store.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** pawaPay's deposits API: the real one, or the sandbox mounted at /sandbox/pawapay. */
    pawapay: PawapayClient;
    /** The sandbox on this server, when there is one (tests turn its knobs). */
    pawapaySandbox: PawapaySandbox | undefined;
  }
}

export const SANDBOX_PREFIX = '/sandbox/pawapay';
export const DEPOSIT_CALLBACK_PATH = '/api/pawapay/callbacks/deposits';

/**
 * Gives the app its pawaPay client. Without PAWAPAY_API_TOKEN (never in production) it
 * also mounts the sandbox on this same server and points the client at it over HTTP, so
 * the demo exercises the very code that talks to pawaPay.
 */
export async function registerPawapay(app: FastifyInstance): Promise<void> {
  const { config } = app;
  if (config.pawapay.kind === 'external') {
    const { baseUrl, apiToken, timeoutMs } = config.pawapay;
    app.decorate('pawapay', createPawapayClient({ baseUrl: () => baseUrl, apiToken, timeoutMs }));
    app.decorate('pawapaySandbox', undefined);
    return;
  }

  const apiToken = hashWithSecret(config.appSecret, 'pawapay-sandbox-token');
  const sandbox = createPawapaySandbox({
    apiToken,
    callbackUrl: () => {
      const origin = listeningOrigin(app);
      return origin && `${origin}${DEPOSIT_CALLBACK_PATH}`;
    },
    finalAfterMs: config.pawapay.settleAfterMs,
    submittedAfterMs: Math.min(500, config.pawapay.settleAfterMs / 2),
    log: app.log.child({ module: 'pawapay-sandbox' }),
    store: createDatabaseDepositStore(app.db),
  });
  app.decorate('pawapaySandbox', sandbox);
  await app.register(sandbox.routes, { prefix: SANDBOX_PREFIX });
  // Before the server stops taking requests' ends: a held sandbox answer is released then.
  app.addHook('preClose', async () => sandbox.close());
  // Callbacks reach us only once we listen; a killed predecessor may have left some unsent.
  app.addHook('onListen', async () => sandbox.resumeCallbacks());
  app.decorate(
    'pawapay',
    createPawapayClient({
      baseUrl: () => {
        const origin = listeningOrigin(app);
        if (!origin) throw new Error('The pawaPay sandbox is reached once the server listens.');
        return `${origin}${SANDBOX_PREFIX}`;
      },
      apiToken,
      timeoutMs: config.pawapay.timeoutMs,
    }),
  );
}

/** This server's own address as seen from itself (loopback when it listens everywhere). */
function listeningOrigin(app: FastifyInstance): string | undefined {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return undefined;
  const isAnyAddress = address.address === '0.0.0.0' || address.address === '::';
  const host =
    address.family === 'IPv6' && !isAnyAddress
      ? `[${address.address}]`
      : isAnyAddress
        ? '127.0.0.1'
        : address.address;
  return `http://${host}:${address.port}`;
}
