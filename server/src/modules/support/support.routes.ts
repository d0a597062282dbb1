import { SUPPORT_MESSAGES, supportRoutes } from '@stagepass/contract/support';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { registerRoute } from '../../lib/register-route.ts';
import { requireCurrentSession } from '../../plugins/session.ts';
import { listSupportReceived, setSupportMessageHidden } from './support.service.ts';

/** The creator's Supporters list and hiding a message: creators only. */
export async function registerSupportRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  registerRoute(app, supportRoutes.listSupporters, async (request) => {
    const { user } = await requireCurrentSession(request);
    if (user.role !== 'creator') throw new AppError('FORBIDDEN', SUPPORT_MESSAGES.onlyCreators, 403);
    const page = await listSupportReceived({ db, creatorId: user.id, ...request.query });
    return { success: true as const, ...page };
  });

  registerRoute(app, supportRoutes.setSupportMessageHidden, async (request) => {
    const { user } = await requireCurrentSession(request);
    if (user.role !== 'creator') throw new AppError('FORBIDDEN', SUPPORT_MESSAGES.onlyCreators, 403);
    const support = await setSupportMessageHidden({
      db,
      creatorId: user.id,
      supportId: request.params.supportId,
      isHidden: request.body.isHidden,
    });
    return { success: true as const, support };
  });
}
