import type { FastifyInstance } from 'fastify';
import { registerMediaReferenceRelease } from '../media/media.service.ts';
import { registerProfileRoutes } from './profiles.routes.ts';
import { releaseDeletedAvatar } from './update-profile.service.ts';

/** The profiles module: its routes, and the avatar it lets go of when media deletes the asset. */
export async function registerProfiles(app: FastifyInstance): Promise<void> {
  registerMediaReferenceRelease(releaseDeletedAvatar);
  await app.register(registerProfileRoutes);
}
