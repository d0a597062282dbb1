import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { deleteItemHoldingMedia } from '../items/item-media.service.ts';
import { registerItemKind } from '../items/items.service.ts';
import { registerMediaReferenceRelease } from '../media/media.service.ts';
import { registerVideoRoutes } from './video.routes.ts';
import { isVideoReadyForSale, readVideoTitles } from './video-titles.service.ts';
import { loadVideosForViewer } from './video-view.ts';

/** A video is nothing without its file: deleting that asset deletes the video (an episode leaves a gap the next move closes). */
async function deleteVideoOfFile(tx: Db, asset: { publicId: string }): Promise<void> {
  await deleteItemHoldingMedia(tx, { mediaPublicId: asset.publicId, kind: 'video', role: 'main' });
}

/** The video library: the item kinds 'video' and 'series' with the catalogue, and the spec's video routes. */
export async function registerVideo(app: FastifyInstance): Promise<void> {
  const definition = {
    loadForViewer: async (options: Parameters<typeof loadVideosForViewer>[0]) =>
      new Map((await loadVideosForViewer(options)).map((video) => [video._id, video])),
    readTitles: readVideoTitles,
    isReadyForSale: isVideoReadyForSale,
  };
  registerItemKind('video', definition);
  registerItemKind('series', definition);
  registerMediaReferenceRelease(deleteVideoOfFile);
  await app.register(registerVideoRoutes);
}
