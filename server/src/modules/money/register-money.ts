import { payoutRoutes } from '@stagepass/contract/payouts';
import type { FastifyInstance } from 'fastify';
import { registerCardTopupRoutes } from './card-topups/card-topups.routes.ts';
import { DEPOSIT_CALLBACK_PATH } from './deposits/deposit-callbacks.ts';
import { registerDepositRoutes } from './deposits/deposits.routes.ts';
import { registerPaymentMethodRoutes } from './payment-methods/payment-methods.routes.ts';
import { registerPayoutRoutes } from './payouts/payouts.routes.ts';
import type { CardProcessor } from './providers/cards/card-processor.ts';
import { registerCardSandboxRoutes } from './providers/cards/sandbox/card-sandbox.routes.ts';
import { createSandboxCardProcessor } from './providers/cards/sandbox/sandbox-card-processor.ts';
import { createPawapayClient, type PawapayClient } from './providers/pawapay/pawapay-client.ts';
import type { PawapaySandbox } from './providers/pawapay/sandbox/pawapay-sandbox.ts';
import { servePawapaySandbox } from './providers/pawapay/sandbox/serve-pawapay-sandbox.ts';
import { registerPurchaseRoutes } from './purchases/purchases.routes.ts';
import { registerWalletRoutes } from './wallet/wallet.routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** pawaPay's deposits and payouts API: the real one, or the sandbox mounted at /sandbox/pawapay. */
    pawapay: PawapayClient;
    /** The sandbox on this server, when there is one (tests turn its knobs). */
    pawapaySandbox: PawapaySandbox | undefined;
    /** The card processor (the sandbox outside production); undefined where cards are not offered. */
    cardProcessor: CardProcessor | undefined;
  }
}

const PAWAPAY_SANDBOX_PREFIX = '/sandbox/pawapay';

/**
 * Money's one entry for the composition root (CONTEXT.md beside this file). The
 * configuration picks each provider, the real one or its sandbox, and this hands it to
 * the code that uses it: the providers' clients never know whether a sandbox answers.
 * Called on the app itself, not through app.register, so app.pawapay is the app's.
 */
export async function registerMoney(app: FastifyInstance): Promise<void> {
  const { config } = app;
  if (config.pawapay.kind === 'external') {
    const { baseUrl, apiToken, timeoutMs } = config.pawapay;
    app.decorate('pawapay', createPawapayClient({ baseUrl: () => baseUrl, apiToken, timeoutMs }));
    app.decorate('pawapaySandbox', undefined);
  } else {
    const { sandbox, client } = await servePawapaySandbox(app, {
      prefix: PAWAPAY_SANDBOX_PREFIX,
      callbackPath: DEPOSIT_CALLBACK_PATH,
      payoutCallbackPath: payoutRoutes.receivePayoutCallback.path,
      payoutAvailability: config.pawapay.payoutAvailability,
      settleAfterMs: config.pawapay.settleAfterMs,
      timeoutMs: config.pawapay.timeoutMs,
    });
    app.decorate('pawapay', client);
    app.decorate('pawapaySandbox', sandbox);
  }
  const cardProcessor =
    config.cardProcessor === 'sandbox'
      ? createSandboxCardProcessor({ appSecret: config.appSecret, db: app.db })
      : undefined;
  app.decorate('cardProcessor', cardProcessor);

  await app.register(registerDepositRoutes);
  await app.register(registerWalletRoutes);
  await app.register(registerCardTopupRoutes, { cardProcessor });
  await app.register(registerPurchaseRoutes, { cardProcessor });
  await app.register(registerPayoutRoutes);
  await app.register(registerPaymentMethodRoutes, { cardProcessor });
  if (cardProcessor) await app.register(registerCardSandboxRoutes);
}
