import { profileRoutes } from '@stagepass/contract/profiles';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import { limitPerSignedInAccount } from '../../plugins/rate-limits.ts';
import { deleteMediaAsset } from '../media/media.service.ts';
import { registerBlockRoutes } from './blocks.routes.ts';
import { toggleFollow } from './follows.service.ts';
import { getProfile } from './profile-view.service.ts';
import { reportProfile } from './reports.service.ts';
import { updateProfile } from './update-profile.service.ts';

const REPORTS_PER_HOUR = 20;

export async function registerProfileRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  registerRoute(app, profileRoutes.getProfile, async (request, _reply, current) => {
    return getProfile({ db, username: request.params.username, viewer: current?.user });
  });

  registerRoute(app, profileRoutes.updateProfile, async (request, _reply, { user }) => {
    const profile = await updateProfile({
      db,
      user,
      request: request.body,
      log: request.log,
      // The replaced avatar is referenced by nothing now: its files and row go.
      releaseAvatar: (publicId) =>
        deleteMediaAsset({ db, mediaStore: app.mediaStore, ownerId: user.id, publicId }),
    });
    return { success: true as const, profile };
  });

  registerRoute(app, profileRoutes.toggleFollow, async (request, _reply, { user }) => {
    return toggleFollow({ db, followerId: user.id, username: request.params.username });
  });

  // Per account, so a flood of reports cannot bury the moderators' queue.
  const limitReportsPerAccount = limitPerSignedInAccount(app, 'report', {
    max: REPORTS_PER_HOUR,
    timeWindow: '1 hour',
  });

  registerRoute(
    app,
    profileRoutes.reportProfile,
    async (request, _reply, { user }) => {
      return reportProfile({
        db,
        reporterId: user.id,
        username: request.params.username,
        report: request.body,
      });
    },
    { preHandler: limitReportsPerAccount },
  );

  await registerBlockRoutes(app);
}
