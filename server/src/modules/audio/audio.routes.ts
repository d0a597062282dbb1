import { audioRoutes } from '@stagepass/contract/audio';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import { limitPerSignedInAccount } from '../../plugins/rate-limits.ts';
import {
  listCreatorVideos,
  listPlayerAudios,
  listProfileAudios,
  listRelatedAudios,
} from './audio-lists.service.ts';
import { readAudioPerformance } from './audio-performance.service.ts';
import { countAudioPlay, setAudioReaction } from './audio-reactions.service.ts';
import { getAudio } from './audio-reads.service.ts';
import { createAudio } from './create-audio.service.ts';
import { deleteAudio, deleteAudioAsset } from './delete-audio.service.ts';
import { createPodcastFeed, renderPodcastFeed } from './podcast-feed.service.ts';

// Per account: generous for a person, a wall for a script.
const CREATES_PER_ACCOUNT = { max: 60, timeWindow: '1 hour' };
const REACTIONS_PER_ACCOUNT = { max: 120, timeWindow: '1 minute' };
const DELETES_PER_ACCOUNT = { max: 60, timeWindow: '1 minute' };
// Per address: plays are reported by visitors too; a player sends one per track.
const PLAYS_PER_ADDRESS = { max: 120, timeWindow: '1 minute' };
const FEEDS_PER_ADDRESS = { max: 60, timeWindow: '1 minute' };

/** The spec's audio paths (section 7, "Audio"), as decision 020 reads them; and private podcast feeds. */
export async function registerAudioRoutes(app: FastifyInstance): Promise<void> {
  const { db, mediaStore } = app;
  const { appSecret, publicUrl } = app.config;

  const limitCreates = limitPerSignedInAccount(app, 'audio-create', CREATES_PER_ACCOUNT);
  const limitReactions = limitPerSignedInAccount(app, 'audio-reaction', REACTIONS_PER_ACCOUNT);
  const limitDeletes = limitPerSignedInAccount(app, 'audio-delete', DELETES_PER_ACCOUNT);

  registerRoute(
    app,
    audioRoutes.createAudio,
    async (request, reply, { user }) => {
      const { audio, isNew } = await createAudio({ db, appSecret, author: user, request: request.body });
      return reply.status(isNew ? 201 : 200).send({ success: true, audio });
    },
    { preHandler: limitCreates },
  );

  registerRoute(app, audioRoutes.listProfileAudios, async (request, _reply, current) =>
    listProfileAudios({
      db,
      appSecret,
      viewer: current?.user,
      username: request.params.a,
      cursor: request.params.b,
    }),
  );

  registerRoute(app, audioRoutes.listPlayerAudios, async (request, _reply, current) =>
    listPlayerAudios({
      db,
      appSecret,
      viewer: current?.user,
      username: request.params.a,
      cursor: request.params.b,
      initialAudioId: request.query.initialAudioId,
    }),
  );

  registerRoute(app, audioRoutes.listCreatorVideos, async (request, _reply, current) =>
    listCreatorVideos({
      db,
      appSecret,
      viewer: current?.user,
      username: request.params.a,
      cursor: request.params.b,
    }),
  );

  registerRoute(app, audioRoutes.getAudio, async (request, _reply, current) => {
    const viewer = current?.user;
    return {
      success: true as const,
      audio: await getAudio({ db, appSecret, viewerId: viewer?.id, audioId: request.params.id }),
    };
  });

  registerRoute(app, audioRoutes.listRelatedAudios, async (request, _reply, current) =>
    listRelatedAudios({
      db,
      appSecret,
      viewer: current?.user,
      audioId: request.params.a,
      cursor: request.params.b,
    }),
  );

  registerRoute(app, audioRoutes.getAudioPerformance, async (request, _reply, { user }) => {
    const performance = await readAudioPerformance({
      db,
      appSecret,
      viewerId: user.id,
      audioId: request.params.id,
    });
    return { success: true as const, performance };
  });

  registerRoute(
    app,
    audioRoutes.deleteAudio,
    async (request, _reply, { user }) => {
      const message = await deleteAudio({
        db,
        mediaStore,
        author: user,
        log: request.log,
        audioId: request.params.b,
        publicId: request.body.public_id,
      });
      return { success: true as const, message };
    },
    { preHandler: limitDeletes },
  );

  registerRoute(
    app,
    audioRoutes.deleteAudioAsset,
    async (request, _reply, { user }) => {
      const message = await deleteAudioAsset({
        db,
        mediaStore,
        author: user,
        log: request.log,
        audioId: request.params.id,
        publicId: request.body.public_id,
      });
      return { success: true as const, message };
    },
    { preHandler: limitDeletes },
  );

  registerRoute(
    app,
    audioRoutes.reactToAudio,
    async (request, _reply, { user }) => {
      return setAudioReaction({
        db,
        appSecret,
        viewerId: user.id,
        audioId: request.params.id,
        value: request.params.value,
      });
    },
    { preHandler: limitReactions },
  );

  registerRoute(
    app,
    audioRoutes.countAudioPlay,
    async (request, _reply, current) => {
      const viewer = current?.user;
      return countAudioPlay({
        db,
        appSecret,
        viewerId: viewer?.id,
        visitorAddress: request.ip,
        audioId: request.params.id,
        secondsListened: request.body.value,
      });
    },
    { config: { rateLimit: PLAYS_PER_ADDRESS } },
  );

  registerRoute(app, audioRoutes.createPodcastFeed, async (request, _reply, { user }) => {
    return createPodcastFeed({ db, appSecret, publicUrl, fan: user, username: request.params.username });
  });

  registerRoute(
    app,
    audioRoutes.getPodcastFeed,
    async (request, reply) => {
      const rss = await renderPodcastFeed({
        db,
        mediaStore,
        appSecret,
        publicUrl,
        token: request.params.token,
      });
      // The enclosures are signed for a few hours: a cache must not keep them longer than that.
      return reply
        .header('cache-control', 'private, max-age=300')
        .type('application/rss+xml; charset=utf-8')
        .send(rss);
    },
    { config: { rateLimit: FEEDS_PER_ADDRESS } },
  );
}
