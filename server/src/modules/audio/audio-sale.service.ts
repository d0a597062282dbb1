import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { audioTracks, mediaAssets } from '../../db/schema/index.ts';

/** A track's own part of being sold: its audio processed. */
export async function isTrackReadyForSale(db: Db, audioId: string): Promise<boolean> {
  const [row] = await db
    .select({ mediaStatus: mediaAssets.status })
    .from(audioTracks)
    .innerJoin(mediaAssets, eq(mediaAssets.publicId, audioTracks.audioPublicId))
    .where(eq(audioTracks.id, audioId));
  return row?.mediaStatus === 'ready';
}
