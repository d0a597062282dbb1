import type { FastifyInstance } from 'fastify';
import { registerDepositRoutes } from './deposits/deposits.routes.ts';
import { registerPaymentMethodRoutes } from './payment-methods/payment-methods.routes.ts';
import { registerCardSandboxRoutes } from './providers/cards/sandbox/card-sandbox.routes.ts';
import { registerPawapay } from './providers/pawapay/register-pawapay.ts';
import { registerWalletRoutes } from './wallet/wallet.routes.ts';

/**
 * Money's one entry for the composition root (CONTEXT.md beside this file): its providers,
 * then its routes. Called on the app itself, not through app.register, so the providers'
 * decorations (app.pawapay) are the app's.
 */
export async function registerMoney(app: FastifyInstance): Promise<void> {
  await registerPawapay(app);
  await app.register(registerDepositRoutes);
  await app.register(registerWalletRoutes);
  await app.register(registerPaymentMethodRoutes);
  if (app.config.cardProcessor === 'sandbox') await app.register(registerCardSandboxRoutes);
}
