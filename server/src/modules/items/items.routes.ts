import { itemRoutes } from '@stagepass/contract/items';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import { findCurrentSession } from '../../plugins/session.ts';
import { readItemSummary } from './item-summary.service.ts';

/** GET /api/items/:itemId: any item by its id alone. */
export async function registerItemRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, itemRoutes.getItem, async (request) => {
    const session = await findCurrentSession(request);
    return readItemSummary({ db: app.db, viewerId: session?.user.id, itemId: request.params.itemId });
  });
}
