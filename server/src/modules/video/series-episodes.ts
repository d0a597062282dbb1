import { SERIES_MAX_EPISODES, VIDEO_MESSAGES } from '@stagepass/contract/video';
import { and, eq, gt, gte, isNotNull, lt, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { items } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * An episode's place in its series (items.parent_id, items.position from 1, decision 025).
 * Every change of a series' order locks the series' item first, so two changes of one
 * series run one after the other and positions stay 1..n without gaps or repeats.
 */

/** Locks the creator's series for a change of its episodes; refuses what is not one. */
export async function lockSeries(tx: Db, options: { seriesId: string; creatorId: string }): Promise<void> {
  const [series] = await tx
    .select({ kind: items.kind, creatorId: items.creatorId })
    .from(items)
    .where(eq(items.id, options.seriesId))
    .for('update');
  if (!series || series.creatorId !== options.creatorId) {
    throw new AppError('NOT_FOUND', VIDEO_MESSAGES.seriesNotFound, 404, 'seriesId');
  }
  if (series.kind !== 'series')
    throw new AppError('VALIDATION_ERROR', VIDEO_MESSAGES.notASeries, 400, 'seriesId');
}

/** The place after the series' last episode (the series locked). */
export async function nextPositionIn(tx: Db, seriesId: string): Promise<number> {
  const [row] = await tx
    .select({ last: max(items.position) })
    .from(items)
    .where(eq(items.parentId, seriesId));
  const next = (row?.last ?? 0) + 1;
  if (next > SERIES_MAX_EPISODES) throw new AppError('CONFLICT', VIDEO_MESSAGES.seriesFull, 409, 'seriesId');
  return next;
}

/** Puts a stand-alone video at the end of a series (the series locked). */
export async function appendEpisode(tx: Db, options: { videoId: string; seriesId: string }): Promise<void> {
  const position = await nextPositionIn(tx, options.seriesId);
  await tx.update(items).set({ parentId: options.seriesId, position }).where(eq(items.id, options.videoId));
}

/** Takes an episode out of its series; the later ones move up (the series locked). */
export async function removeEpisode(
  tx: Db,
  options: { videoId: string; seriesId: string; position: number },
) {
  await tx.update(items).set({ parentId: null, position: null }).where(eq(items.id, options.videoId));
  await tx
    .update(items)
    .set({ position: sql`${items.position} - 1` })
    .where(and(eq(items.parentId, options.seriesId), gt(items.position, options.position)));
}

/**
 * Moves an episode to `to` (1..n); those between shift by one to make room (the series
 * locked). The episode is first parked at 0 so no two share a place meanwhile.
 */
export async function moveEpisode(
  tx: Db,
  options: { videoId: string; seriesId: string; from: number; to: number },
): Promise<void> {
  const { videoId, seriesId, from, to } = options;
  const [row] = await tx
    .select({ last: max(items.position) })
    .from(items)
    .where(and(eq(items.parentId, seriesId), isNotNull(items.position)));
  if (to > (row?.last ?? 0))
    throw new AppError('VALIDATION_ERROR', VIDEO_MESSAGES.positionRange, 400, 'position');
  if (from === to) return;
  await tx.update(items).set({ position: 0 }).where(eq(items.id, videoId));
  if (to < from) {
    await tx
      .update(items)
      .set({ position: sql`${items.position} + 1` })
      .where(and(eq(items.parentId, seriesId), gte(items.position, to), lt(items.position, from)));
  } else {
    await tx
      .update(items)
      .set({ position: sql`${items.position} - 1` })
      .where(and(eq(items.parentId, seriesId), gt(items.position, from), lte(items.position, to)));
  }
  await tx.update(items).set({ position: to }).where(eq(items.id, videoId));
}
