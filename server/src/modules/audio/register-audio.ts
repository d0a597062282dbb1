import type { FastifyInstance } from 'fastify';
import { registerSignedViewer } from '../media/media.service.ts';
import { registerAudioRoutes } from './audio.routes.ts';
import { FEED_VIEWER_PREFIX, mayFeedFetch } from './podcast-feed.service.ts';

/**
 * Audio tracks: the spec's audio routes, and the podcast feeds' enclosures, which media
 * serves to the viewer 'feed:<id>' only while the feed's pass runs.
 */
export async function registerAudio(app: FastifyInstance): Promise<void> {
  registerSignedViewer(FEED_VIEWER_PREFIX, mayFeedFetch);
  await app.register(registerAudioRoutes);
}
