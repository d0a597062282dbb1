import type { FastifyInstance } from 'fastify';
import { registerItemKind } from '../items/items.service.ts';
import { registerSignedViewer } from '../media/media.service.ts';
import { registerAudioRoutes } from './audio.routes.ts';
import { isTrackReadyForSale } from './audio-sale.service.ts';
import { readTrackTitles } from './audio-titles.service.ts';
import { loadTracksForViewer } from './audio-view.ts';
import { FEED_VIEWER_PREFIX, mayFeedFetch } from './podcast-feed.service.ts';

/**
 * Audio tracks: the item kind 'audio' with the catalogue, the spec's audio routes, and the podcast feeds' enclosures, which media
 * serves to the viewer 'feed:<id>' only while the feed's pass runs.
 */
export async function registerAudio(app: FastifyInstance): Promise<void> {
  registerItemKind('audio', {
    loadForViewer: async (options) =>
      new Map((await loadTracksForViewer(options)).map((track) => [track.audioId, track])),
    readTitles: readTrackTitles,
    isReadyForSale: isTrackReadyForSale,
  });
  registerSignedViewer(FEED_VIEWER_PREFIX, mayFeedFetch);
  await app.register(registerAudioRoutes);
}
