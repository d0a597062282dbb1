import { walletRoutes } from '@stagepass/contract/wallet';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../../lib/register-route.ts';
import { limitPerSignedInAccount } from '../../../plugins/rate-limits.ts';
import type { CardProcessor } from '../providers/cards/card-processor.ts';
import { registerCardTopupReconciliation } from './card-topup-reconciliation.ts';
import { readCardTopup, returnFromCardChallenge, startCardTopup } from './card-topups.service.ts';

// As for mobile money: a few top-ups a day; the status polled while a panel is open.
const TOPUPS_PER_ACCOUNT = { max: 20, timeWindow: '10 minutes' };
const STATUS_CHECKS_PER_ACCOUNT = { max: 120, timeWindow: '1 minute' };
// The way back from the bank carries no session to count by; a browser comes back once.
const RETURNS_PER_ADDRESS = { max: 60, timeWindow: '1 minute' };

/** Top-ups by a saved card, and the way back from the bank's 3-D Secure check. */
export async function registerCardTopupRoutes(
  app: FastifyInstance,
  /** Undefined when cards are not offered: the routes answer 503 CARDS_UNAVAILABLE. */
  { cardProcessor }: { cardProcessor: CardProcessor | undefined },
): Promise<void> {
  const { db } = app;
  const log = app.log.child({ module: 'card-topups' });
  const dependencies = { db, cardProcessor, log, publicUrl: app.config.publicUrl };
  const limitTopups = limitPerSignedInAccount(app, 'card-topup', TOPUPS_PER_ACCOUNT);
  const limitStatusChecks = limitPerSignedInAccount(app, 'card-topup-status', STATUS_CHECKS_PER_ACCOUNT);

  registerRoute(
    app,
    walletRoutes.createCardTopup,
    async (request, reply, { user }) => {
      const { topup, isNew } = await startCardTopup({
        ...dependencies,
        userId: user.id,
        request: request.body,
      });
      return reply.status(isNew ? 201 : 200).send({ success: true as const, topup });
    },
    { preHandler: limitTopups },
  );

  registerRoute(
    app,
    walletRoutes.getCardTopup,
    async (request, _reply, { user }) => {
      const { topupId } = request.params;
      return {
        success: true as const,
        topup: await readCardTopup({ ...dependencies, userId: user.id, topupId }),
      };
    },
    { preHandler: limitStatusChecks },
  );

  // No session needed: it only asks the processor, and sends the browser to our own page
  // (the page the top-up was made from only for its owner).
  registerRoute(
    app,
    walletRoutes.returnFromCardChallenge,
    async (request, reply, viewer) => {
      const landing = await returnFromCardChallenge({
        ...dependencies,
        topupId: request.params.topupId,
        viewerId: viewer?.user.id ?? null,
      });
      return reply.header('cache-control', 'no-store').redirect(landing, 303);
    },
    { config: { rateLimit: RETURNS_PER_ADDRESS } },
  );

  if (cardProcessor) registerCardTopupReconciliation(app, cardProcessor);
}
