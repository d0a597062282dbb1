import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { audioTracks, itemMedia, mediaAssets } from '../../db/schema/index.ts';

/** A track's own part of being sold: its audio processed. */
export async function isTrackReadyForSale(db: Db, audioId: string): Promise<boolean> {
  const [row] = await db
    .select({ mediaStatus: mediaAssets.status })
    .from(audioTracks)
    .innerJoin(itemMedia, and(eq(itemMedia.itemId, audioTracks.id), eq(itemMedia.role, 'main')))
    .innerJoin(mediaAssets, eq(mediaAssets.publicId, itemMedia.mediaPublicId))
    .where(eq(audioTracks.id, audioId));
  return row?.mediaStatus === 'ready';
}
