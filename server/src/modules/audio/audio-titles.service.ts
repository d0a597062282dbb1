import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { audioTracks } from '../../db/schema/index.ts';

/**
 * Each of the author's tracks by id → its title, for lists such as the creator's
 * top-earning items. Tracks of another author or deleted ones are left out.
 */
export async function readTrackTitles(
  db: Db,
  authorId: string,
  audioIds: readonly string[],
): Promise<Map<string, string>> {
  if (audioIds.length === 0) return new Map();
  const rows = await db
    .select({ id: audioTracks.id, title: audioTracks.title })
    .from(audioTracks)
    .where(and(eq(audioTracks.authorId, authorId), inArray(audioTracks.id, [...audioIds])));
  return new Map(rows.map((row) => [row.id, row.title]));
}
