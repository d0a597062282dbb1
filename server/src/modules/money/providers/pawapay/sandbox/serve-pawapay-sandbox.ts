import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { hashWithSecret } from '../../../../../lib/secrets.ts';
import { createPawapayClient, type PawapayClient } from '../pawapay-client.ts';
import { createPawapaySandbox, type PawapaySandbox } from './pawapay-sandbox.ts';
import { createDatabaseDepositStore } from './sandbox-deposit-store.ts';
import { createDatabasePayoutStore } from './sandbox-payout-store.ts';
import type { SandboxPayoutAvailability } from './sandbox-payouts.ts';

/**
 * Mounts the sandbox on this same server at `prefix` and answers a pawaPay client pointed
 * at it over HTTP, so the demo exercises the very code that talks to pawaPay. Money's
 * registration chooses this when there is no PAWAPAY_API_TOKEN (never in production); the
 * client itself knows nothing of the sandbox.
 */
export async function servePawapaySandbox(
  app: FastifyInstance,
  options: {
    prefix: string;
    /** Our deposit callback route, where the sandbox posts deposits' final statuses. */
    callbackPath: string;
    /** Our payout callback route, where it posts payouts' (pawaPay's second callback URL). */
    payoutCallbackPath: string;
    /** Operators whose payouts are DELAYED or CLOSED at start (PAWAPAY_SANDBOX_PAYOUT_AVAILABILITY). */
    payoutAvailability: SandboxPayoutAvailability;
    /** How long the sandbox's payer takes to answer the prompt. */
    settleAfterMs: number;
    /** The client's deadline for each call. */
    timeoutMs: number;
  },
): Promise<{ sandbox: PawapaySandbox; client: PawapayClient }> {
  const apiToken = getSandboxApiToken(app.config.appSecret);
  const sandbox = createPawapaySandbox({
    apiToken,
    callbackUrl: () => {
      const origin = listeningOrigin(app);
      return origin && `${origin}${options.callbackPath}`;
    },
    payoutCallbackUrl: () => {
      const origin = listeningOrigin(app);
      return origin && `${origin}${options.payoutCallbackPath}`;
    },
    payoutAvailability: options.payoutAvailability,
    finalAfterMs: options.settleAfterMs,
    submittedAfterMs: Math.min(500, options.settleAfterMs / 2),
    log: app.log.child({ module: 'pawapay-sandbox' }),
    store: createDatabaseDepositStore(app.db),
    payoutStore: createDatabasePayoutStore(app.db),
  });
  await app.register(sandbox.routes, { prefix: options.prefix });
  // Before the server stops taking requests' ends: a held sandbox answer is released then.
  app.addHook('preClose', async () => sandbox.close());
  // Callbacks reach us only once we listen; a killed predecessor may have left some unsent
  // (and payouts held for an operator that is OPERATIONAL now).
  app.addHook('onListen', async () => sandbox.resumeCallbacks());
  const client = createPawapayClient({
    baseUrl: () => {
      const origin = listeningOrigin(app);
      if (!origin) throw new Error('The pawaPay sandbox is reached once the server listens.');
      return `${origin}${options.prefix}`;
    },
    apiToken,
    timeoutMs: options.timeoutMs,
  });
  return { sandbox, client };
}

/** The token the mounted sandbox wants, derived from the app's secret (tests that spawn a server ask it too). */
export function getSandboxApiToken(appSecret: string): string {
  return hashWithSecret(appSecret, 'pawapay-sandbox-token');
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
