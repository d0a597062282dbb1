import { purchaseRoutes } from '@stagepass/contract/purchases';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../../lib/register-route.ts';
import { limitPerSignedInAccount } from '../../../plugins/rate-limits.ts';
import type { CardProcessor } from '../providers/cards/card-processor.ts';
import { createPurchase, listPurchases, readPurchase } from './purchases.service.ts';

// Per account: a fan buys a few things a minute at most; a script retrying in a loop is slowed.
const PURCHASES_PER_ACCOUNT = { max: 60, timeWindow: '1 minute' };

/** Paying creators and the fan's receipts (decision 017). */
export async function registerPurchaseRoutes(
  app: FastifyInstance,
  /** Undefined when cards are not offered: card funding answers 503 CARDS_UNAVAILABLE. */
  { cardProcessor }: { cardProcessor: CardProcessor | undefined },
): Promise<void> {
  const { db } = app;
  const feePercent = app.config.platformFeePercent;
  const limitPurchases = limitPerSignedInAccount(app, 'purchases', PURCHASES_PER_ACCOUNT);

  registerRoute(
    app,
    purchaseRoutes.createPurchase,
    async (request, reply, { user }) => {
      const { isNew, ...answer } = await createPurchase({
        db,
        pawapay: app.pawapay,
        cardProcessor,
        publicUrl: app.config.publicUrl,
        log: request.log,
        feePercent,
        fanId: user.id,
        request: request.body,
      });
      return reply.status(isNew ? 201 : 200).send({ success: true as const, ...answer });
    },
    { preHandler: limitPurchases },
  );

  registerRoute(app, purchaseRoutes.listPurchases, async (request, _reply, { user }) => {
    return { success: true as const, ...(await listPurchases({ db, fanId: user.id, ...request.query })) };
  });

  registerRoute(app, purchaseRoutes.getPurchase, async (request, _reply, { user }) => {
    return {
      success: true as const,
      ...(await readPurchase({ db, fanId: user.id, purchaseId: request.params.purchaseId })),
    };
  });
}
