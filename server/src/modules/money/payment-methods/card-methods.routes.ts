import { paymentMethodRoutes } from '@stagepass/contract/payment-methods';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerRoute } from '../../../lib/register-route.ts';
import type { CardProcessor } from '../providers/cards/card-processor.ts';
import { addCardMethod } from './card-methods.service.ts';

/** Where the card form sends a card, and saving the token it gets back. */
export function registerCardMethodRoutes(
  app: FastifyInstance,
  {
    cardProcessor,
    limitChanges,
  }: {
    /** Undefined when cards are not offered. */
    cardProcessor: CardProcessor | undefined;
    limitChanges: (request: FastifyRequest) => Promise<void>;
  },
): void {
  const { db } = app;

  registerRoute(app, paymentMethodRoutes.getCardProcessor, async () =>
    cardProcessor
      ? { success: true as const, kind: cardProcessor.kind, tokenizeUrl: cardProcessor.tokenizeUrl }
      : { success: true as const, kind: 'none' as const },
  );

  registerRoute(
    app,
    paymentMethodRoutes.addCard,
    async (request, reply, { user }) => {
      const { _id: id, token, preffered: isPreferred } = request.body;
      const added = await addCardMethod({ db, cardProcessor, userId: user.id, id, token, isPreferred });
      return reply.status(added.isNew ? 201 : 200).send({ success: true, method: added.method });
    },
    { preHandler: limitChanges },
  );
}
