import { PAYMENT_METHOD_MESSAGES, paymentMethodRoutes } from '@stagepass/contract/payment-methods';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../../lib/register-route.ts';
import { limitPerSignedInAccount } from '../../../plugins/rate-limits.ts';
import type { CardProcessor } from '../providers/cards/card-processor.ts';
import { registerCardMethodRoutes } from './card-methods.routes.ts';
import { registerMobileMoneyMethodRoutes } from './mobile-money-methods.routes.ts';
import {
  listPaymentMethods,
  removePaymentMethod,
  setPreferredPaymentMethod,
} from './payment-methods.service.ts';

// Per account: a person edits a handful of methods; a script saving cards is slowed down.
const CHANGES_PER_ACCOUNT = { max: 60, timeWindow: '1 minute' };

/**
 * The billing list in settings: the list, the preferred method and removal here (both
 * kinds), mobile money numbers and cards in files of their own; docs/decisions/010-payment-methods.md.
 */
export async function registerPaymentMethodRoutes(
  app: FastifyInstance,
  /** Undefined when cards are not offered (production, until a real processor is chosen). */
  { cardProcessor }: { cardProcessor: CardProcessor | undefined },
): Promise<void> {
  const { db } = app;
  // One budget for every change, whichever kind of method it touches.
  const limitChanges = limitPerSignedInAccount(app, 'payment-methods', CHANGES_PER_ACCOUNT);

  registerRoute(app, paymentMethodRoutes.listPaymentMethods, async (_request, _reply, { user }) => {
    return listPaymentMethods({ db, userId: user.id });
  });

  registerMobileMoneyMethodRoutes(app, { limitChanges });
  registerCardMethodRoutes(app, { cardProcessor, limitChanges });

  registerRoute(
    app,
    paymentMethodRoutes.setPreferredPaymentMethod,
    async (request, _reply, { user }) => {
      const { type, _id: id } = request.body;
      const method = await setPreferredPaymentMethod({ db, userId: user.id, type, id });
      return { success: true as const, message: PAYMENT_METHOD_MESSAGES.preferredSet, method };
    },
    { preHandler: limitChanges },
  );

  registerRoute(
    app,
    paymentMethodRoutes.removePaymentMethod,
    async (request, _reply, { user }) => {
      await removePaymentMethod({ db, userId: user.id, id: request.params.id });
      return { success: true as const, message: PAYMENT_METHOD_MESSAGES.methodRemoved };
    },
    { preHandler: limitChanges },
  );
}
