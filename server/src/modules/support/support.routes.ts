import { supportRoutes } from '@stagepass/contract/support';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import { listSupportReceived, setSupportMessageHidden } from './support.service.ts';

/** The creator's Supporters list and hiding a message: creators only. */
export async function registerSupportRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  registerRoute(app, supportRoutes.listSupporters, async (request, _reply, { user }) => {
    const page = await listSupportReceived({ db, creatorId: user.id, ...request.query });
    return { success: true as const, ...page };
  });

  registerRoute(app, supportRoutes.setSupportMessageHidden, async (request, _reply, { user }) => {
    const support = await setSupportMessageHidden({
      db,
      creatorId: user.id,
      supportId: request.params.supportId,
      isHidden: request.body.isHidden,
    });
    return { success: true as const, support };
  });
}
