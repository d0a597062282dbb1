import type { FastifyInstance } from 'fastify';
import { registerPurchaseKind } from '../money/purchases/purchases.service.ts';
import { registerPassSchedules } from './pass-schedules.ts';
import { registerPassRoutes } from './passes.routes.ts';
import { grantPass, hasHadPass, quotePass } from './passes.service.ts';

/**
 * Passes: the pass purchase kind (priced from the creator's pass_prices now, granted as an
 * expiry moved on by the period), the pricing and passes routes, and the renewal and
 * reminder schedules.
 */
export async function registerPasses(app: FastifyInstance): Promise<void> {
  registerPurchaseKind('pass', {
    quote: ({ db, creator, request }) => quotePass(db, creator.id, request.period),
    grant: grantPass,
    isRenewal: hasHadPass,
  });
  await app.register(registerPassRoutes);
  registerPassSchedules(app);
}
