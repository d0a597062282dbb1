import type { FastifyInstance } from 'fastify';
import { registerDeadServerLeftoverRemoval } from './dead-server-leftovers.ts';
import { registerFolderMedia } from './folder-media.ts';
import { registerMediaRoutes } from './media.routes.ts';
import { registerMediaFileRoutes } from './media-files.routes.ts';
import { registerMediaProcessing } from './processing/register-media-processing.ts';
import { registerUnusedMediaSweep } from './unused-media-sweep.ts';

/** The media module: uploads and files (HTTP), and its background work on the job engine. */
export async function registerMedia(app: FastifyInstance): Promise<void> {
  registerMediaProcessing(app);
  registerUnusedMediaSweep(app);
  registerDeadServerLeftoverRemoval(app);
  await app.register(registerMediaRoutes);
  await app.register(registerMediaFileRoutes);
  registerFolderMedia(app);
}
