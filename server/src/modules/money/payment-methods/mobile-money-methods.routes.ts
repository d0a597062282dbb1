import { paymentMethodRoutes } from '@stagepass/contract/payment-methods';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerRoute } from '../../../lib/register-route.ts';
import { addMobileMoneyMethod, editMobileMoneyMethod } from './mobile-money-methods.service.ts';

/** Saving a mobile money number and changing it. */
export function registerMobileMoneyMethodRoutes(
  app: FastifyInstance,
  { limitChanges }: { limitChanges: (request: FastifyRequest) => Promise<void> },
): void {
  const { db } = app;

  registerRoute(
    app,
    paymentMethodRoutes.addMobileMoney,
    async (request, reply, { user }) => {
      const { _id: id, phone, preffered: isPreferred } = request.body;
      const added = await addMobileMoneyMethod({ db, userId: user.id, id, phone, isPreferred });
      return reply.status(added.isNew ? 201 : 200).send({ success: true, method: added.method });
    },
    { preHandler: limitChanges },
  );

  registerRoute(
    app,
    paymentMethodRoutes.editMobileMoney,
    async (request, _reply, { user }) => {
      const { id } = request.params;
      const method = await editMobileMoneyMethod({ db, userId: user.id, id, phone: request.body.phone });
      return { success: true as const, method };
    },
    { preHandler: limitChanges },
  );
}
