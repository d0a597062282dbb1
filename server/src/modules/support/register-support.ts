import { registerPurchaseKind } from '../money/purchases/purchases.service.ts';

/**
 * One-off support (support-creator): an amount the fan chooses, sent to the creator as it
 * is. It grants nothing beyond the purchase itself, which is the record the creator's
 * earnings and the fan's receipts read.
 */
export function registerSupport(): void {
  registerPurchaseKind('support', {
    quote: async ({ request }) => ({ amount: request.amount, details: {} }),
    grant: async () => {},
  });
}
