import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { deleteItemHoldingMedia } from '../items/item-media.service.ts';
import { registerItemKind } from '../items/items.service.ts';
import { registerMediaReferenceRelease, registerSignedViewer } from '../media/media.service.ts';
import { registerAudioRoutes } from './audio.routes.ts';
import { isTrackReadyForSale } from './audio-sale.service.ts';
import { readTrackTitles } from './audio-titles.service.ts';
import { loadTracksForViewer } from './audio-view.ts';
import { FEED_VIEWER_PREFIX, mayFeedFetch } from './podcast-feed.service.ts';

/**
 * A track is nothing without its sound: deleting that asset deletes the track, as the foreign
 * key from audio_tracks did before item_media (deleting its cover leaves it, by item_media's key).
 * One function, so every app built registers it once.
 */
async function deleteTrackOfSound(tx: Db, asset: { publicId: string }): Promise<void> {
  await deleteItemHoldingMedia(tx, { mediaPublicId: asset.publicId, kind: 'audio', role: 'main' });
}

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
  registerMediaReferenceRelease(deleteTrackOfSound);
  await app.register(registerAudioRoutes);
}
