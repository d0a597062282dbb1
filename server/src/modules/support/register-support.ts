import type { FastifyInstance } from 'fastify';
import { registerPurchaseKind } from '../money/purchases/purchases.service.ts';
import { registerSupportRoutes } from './support.routes.ts';
import { recordSupport, supportDetails } from './support.service.ts';

/**
 * One-off support (support-creator): an amount the fan chooses, sent to the creator as it
 * is, with an optional message. The quote keeps the message in the purchase's details (so a
 * purchase completed later, after a shortfall top-up, still has it); the grant records the
 * support once, in the paying transaction, where the creator's Supporters list reads it.
 */
export async function registerSupport(app: FastifyInstance): Promise<void> {
  registerPurchaseKind('support', {
    quote: async ({ request }) => ({ amount: request.amount, details: supportDetails(request.message) }),
    grant: recordSupport,
  });
  await app.register(registerSupportRoutes);
}
