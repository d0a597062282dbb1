import { ZUsername } from '@stagepass/contract/auth';
import { VIDEO_MESSAGES, videoRoutes } from '@stagepass/contract/video';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { registerRoute } from '../../lib/register-route.ts';
import { limitPerSignedInAccount } from '../../plugins/rate-limits.ts';
import { createVideo } from './create-video.service.ts';
import { deleteManyVideos, deleteVideo, deleteVideoAsset } from './delete-video.service.ts';
import { updateVideo } from './update-video.service.ts';
import {
  discoverVideos,
  listProfileVideos,
  listRelatedVideos,
  listUserVideos,
} from './video-lists.service.ts';
import { readVideoPerformance } from './video-performance.service.ts';
import { loadVideoForViewer } from './video-view.ts';
import { getVideoToWatch } from './video-watch.service.ts';
import { reportVideoWatching, setVideoReaction } from './video-watching.service.ts';

// Per account: generous for a person, a wall for a script.
const CREATES_PER_ACCOUNT = { max: 60, timeWindow: '1 hour' };
const UPDATES_PER_ACCOUNT = { max: 120, timeWindow: '1 minute' };
const REACTIONS_PER_ACCOUNT = { max: 120, timeWindow: '1 minute' };
const DELETES_PER_ACCOUNT = { max: 60, timeWindow: '1 minute' };
// Per address: watching is reported by visitors too, every 15 s or so per open player.
const REPORTS_PER_ADDRESS = { max: 240, timeWindow: '1 minute' };

/** The spec's video paths (section 7, "Video"), as decision 025 reads them. */
export async function registerVideoRoutes(app: FastifyInstance): Promise<void> {
  const { db, mediaStore } = app;
  const { appSecret } = app.config;
  const limitCreates = limitPerSignedInAccount(app, 'video-create', CREATES_PER_ACCOUNT);
  const limitUpdates = limitPerSignedInAccount(app, 'video-update', UPDATES_PER_ACCOUNT);
  const limitReactions = limitPerSignedInAccount(app, 'video-reaction', REACTIONS_PER_ACCOUNT);
  const limitDeletes = limitPerSignedInAccount(app, 'video-delete', DELETES_PER_ACCOUNT);

  registerRoute(
    app,
    videoRoutes.createVideo,
    async (request, reply, { user }) => {
      const { video, isNew } = await createVideo({ db, appSecret, author: user, request: request.body });
      return reply.status(isNew ? 201 : 200).send({ success: true, video });
    },
    { preHandler: limitCreates },
  );

  registerRoute(
    app,
    videoRoutes.updateVideo,
    async (request, _reply, { user }) => ({
      success: true as const,
      video: await updateVideo({ db, appSecret, author: user, request: request.body }),
    }),
    { preHandler: limitUpdates },
  );

  registerRoute(app, videoRoutes.listProfileVideos, async (request, _reply, current) =>
    listProfileVideos({
      db,
      appSecret,
      viewer: current?.user,
      username: request.params.a,
      cursor: request.params.b,
    }),
  );

  registerRoute(app, videoRoutes.listUserVideos, async (request, _reply, current) =>
    listUserVideos({
      db,
      appSecret,
      viewer: current?.user,
      username: request.params.a,
      cursor: request.params.b,
    }),
  );

  registerRoute(app, videoRoutes.getVideoToWatch, async (request, _reply, current) =>
    getVideoToWatch({ db, appSecret, viewerId: current?.user.id, videoId: request.params.x }),
  );

  registerRoute(app, videoRoutes.discoverVideos, async (request, _reply, current) =>
    discoverVideos({ db, appSecret, viewer: current?.user, cursor: request.params.x }),
  );

  registerRoute(app, videoRoutes.getVideo, async (request, _reply, current) => {
    const video = await loadVideoForViewer({
      db,
      appSecret,
      viewerId: current?.user.id,
      videoId: request.params.id,
    });
    if (!video) throw new AppError('NOT_FOUND', VIDEO_MESSAGES.notFound, 404, 'id');
    return { success: true as const, video };
  });

  registerRoute(app, videoRoutes.listRelatedVideos, async (request, _reply, current) =>
    listRelatedVideos({
      db,
      appSecret,
      viewer: current?.user,
      videoId: request.params.a,
      cursor: request.params.b,
    }),
  );

  registerRoute(app, videoRoutes.getVideoPerformance, async (request, _reply, { user }) => ({
    success: true as const,
    performance: await readVideoPerformance({ db, appSecret, viewerId: user.id, videoId: request.params.id }),
  }));

  registerRoute(
    app,
    videoRoutes.deleteVideo,
    async (request, _reply, { user }) => ({
      success: true as const,
      message: await deleteVideo({
        db,
        mediaStore,
        author: user,
        log: request.log,
        videoId: request.params.b,
        publicId: request.body.public_id,
      }),
    }),
    { preHandler: limitDeletes },
  );

  registerRoute(
    app,
    videoRoutes.deleteManyVideos,
    async (request, _reply, { user }) => {
      // The path names the author: anyone else's name is refused before anything is read.
      if (ZUsername.safeParse(request.params.id).data !== user.username) {
        throw new AppError('FORBIDDEN', VIDEO_MESSAGES.authorOnly, 403, 'id');
      }
      const { message, deleted } = await deleteManyVideos({
        db,
        mediaStore,
        author: user,
        log: request.log,
        videoIds: request.body.videoIds,
      });
      return { success: true as const, message, deleted, queryKey: request.params.queryKey };
    },
    { preHandler: limitDeletes },
  );

  registerRoute(
    app,
    videoRoutes.deleteVideoAsset,
    async (request, _reply, { user }) => ({
      success: true as const,
      message: await deleteVideoAsset({
        db,
        mediaStore,
        author: user,
        log: request.log,
        videoId: request.params.id,
        publicId: request.body.public_id,
      }),
    }),
    { preHandler: limitDeletes },
  );

  registerRoute(
    app,
    videoRoutes.setVideoReaction,
    async (request, _reply, { user }) =>
      setVideoReaction({
        db,
        appSecret,
        viewerId: user.id,
        videoId: request.params.id,
        value: request.params.value,
      }),
    { preHandler: limitReactions },
  );

  registerRoute(
    app,
    videoRoutes.reportVideoView,
    async (request, _reply, current) =>
      reportVideoWatching({
        db,
        appSecret,
        viewerId: current?.user.id,
        visitorAddress: request.ip,
        videoId: request.params.id,
        secondsWatched: request.body.value,
        position: request.body.position,
      }),
    { config: { rateLimit: REPORTS_PER_ADDRESS } },
  );
}
