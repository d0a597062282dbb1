import { ZErrorResponse } from '@stagepass/contract/errors';
import {
  ZFollowResponse,
  ZProfile,
  ZReportRequest,
  ZReportResponse,
  ZUpdateProfileRequest,
  ZUpdateProfileResponse,
  ZUsernameParams,
} from '@stagepass/contract/profiles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { limitPerSignedInAccount } from '../../plugins/rate-limits.ts';
import { findCurrentSession, requireCurrentSession } from '../../plugins/session.ts';
import { deleteMediaAsset } from '../media/media.service.ts';
import { registerBlockRoutes } from './blocks.routes.ts';
import { toggleFollow } from './follows.service.ts';
import { getProfile } from './profile-view.service.ts';
import { reportProfile } from './reports.service.ts';
import { updateProfile } from './update-profile.service.ts';

const tags = ['profiles'];
const REPORTS_PER_HOUR = 20;

export async function registerProfileRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    '/api/users/:username',
    {
      schema: {
        tags,
        summary: "A profile by username (with or without '@', any case), as the viewer may see it",
        params: ZUsernameParams,
        response: { 200: ZProfile, 404: ZErrorResponse },
      },
    },
    async (request) => {
      const current = await findCurrentSession(request);
      return getProfile({ db, username: request.params.username, viewer: current?.user });
    },
  );

  app.put(
    '/api/users/profile',
    {
      schema: {
        tags,
        summary: 'Save the signed-in user’s profile (the edit-account form)',
        body: ZUpdateProfileRequest,
        response: {
          200: ZUpdateProfileResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          409: ZErrorResponse,
        },
      },
    },
    async (request) => {
      const { user } = await requireCurrentSession(request);
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
    },
  );

  app.post(
    '/api/users/:username/follow',
    {
      schema: {
        tags,
        summary: 'Follow a creator, or unfollow when already following (a toggle)',
        params: ZUsernameParams,
        response: {
          200: ZFollowResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
        },
      },
    },
    async (request) => {
      const { user } = await requireCurrentSession(request);
      return toggleFollow({ db, followerId: user.id, username: request.params.username });
    },
  );

  // Per account, so a flood of reports cannot bury the moderators' queue.
  const limitReportsPerAccount = limitPerSignedInAccount(app, 'report', {
    max: REPORTS_PER_HOUR,
    timeWindow: '1 hour',
  });

  app.post(
    '/api/users/:username/report',
    {
      schema: {
        tags,
        summary: 'Report a profile, or block it (with a reason); stored for moderators',
        description:
          "message is 'Report submited!' for a report and '{name} has been blocked.' for a block. " +
          'A block is undone with DELETE /api/blocks/{userId}.',
        params: ZUsernameParams,
        body: ZReportRequest,
        response: {
          200: ZReportResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
      preHandler: limitReportsPerAccount,
    },
    async (request) => {
      const { user } = await requireCurrentSession(request);
      return reportProfile({
        db,
        reporterId: user.id,
        username: request.params.username,
        report: request.body,
      });
    },
  );

  await registerBlockRoutes(app);
}
