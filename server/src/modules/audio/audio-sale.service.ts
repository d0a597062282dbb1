import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { audioTracks, mediaAssets } from '../../db/schema/index.ts';
import { blockedEitherWayCondition } from '../profiles/blocks.service.ts';

/** How money's item rollup and the unlock purchase name a track. */
export function audioItemKey(audioId: string): string {
  return `audio:${audioId}`;
}

/**
 * A track's terms of sale (author, visibility, price) as `viewerId` may see it: undefined
 * when it is missing, blocked either way, or its audio is not processed yet. The unlock
 * purchase prices and grants by it (app.ts hands it to unlocks).
 */
export async function findAudioForSale(
  db: Db,
  options: { itemId: string; viewerId: string },
): Promise<
  | { authorId: string; visibility: 'everyone' | 'subscribers' | 'pay-to-unlock'; price: number | null }
  | undefined
> {
  const [row] = await db
    .select({
      authorId: audioTracks.authorId,
      visibility: audioTracks.visibility,
      price: audioTracks.price,
      mediaStatus: mediaAssets.status,
      isBlocked: blockedEitherWayCondition(options.viewerId, audioTracks.authorId),
    })
    .from(audioTracks)
    .innerJoin(mediaAssets, eq(mediaAssets.publicId, audioTracks.audioPublicId))
    .where(eq(audioTracks.id, options.itemId));
  if (!row || row.isBlocked || row.mediaStatus !== 'ready') return undefined;
  return { authorId: row.authorId, visibility: row.visibility, price: row.price };
}
