import type { FastifyInstance } from 'fastify';
import { registerItemRoutes } from './items.routes.ts';
import { publishItemsWithReadyFile } from './items.service.ts';

/** The catalogue's route, and the publishing of items whose main file became ready. */
export async function registerItems(app: FastifyInstance): Promise<void> {
  await app.register(registerItemRoutes);
  app.events.subscribe('media.ready', 'publish-the-items', async ({ publicId }) => {
    await publishItemsWithReadyFile(app.db, publicId);
  });
}
