import { itemRoutes } from '@stagepass/contract/items';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import { readItemSummary } from './item-summary.service.ts';

/** GET /api/items/:itemId: any item by its id alone. */
export async function registerItemRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, itemRoutes.getItem, async (request, _reply, current) =>
    readItemSummary({ db: app.db, viewerId: current?.user.id, itemId: request.params.itemId }),
  );
}
