import type { TReactionKind } from '@stagepass/contract/posts';
import {
  COMPLETED_AT_SHARE,
  type TVideo,
  type TVideoReactionsResponse,
  VIDEO_MESSAGES,
  VIDEO_PREVIEW_SECONDS,
  VIEW_COUNTS_AFTER_SECONDS,
} from '@stagepass/contract/video';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { videoDailyStats, videoWatchDays, videoWatchPositions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { setItemReaction } from '../items/item-reactions.service.ts';
import { countItemView, visitorKeyOf } from '../items/item-views.service.ts';
import { loadVideoForViewer } from './video-view.ts';

/**
 * video_reactions/:id/likes/:value: sets (not toggles) the viewer's reaction, so a repeated
 * PUT is harmless. Only a viewer who may watch the video whole may react.
 */
export async function setVideoReaction(options: {
  db: Db;
  appSecret: string;
  viewerId: string;
  videoId: string;
  value: TReactionKind | 'none';
}): Promise<TVideoReactionsResponse> {
  const { db, viewerId, videoId } = options;
  const video = await readVideo(db, options.appSecret, viewerId, videoId);
  if (!video.hasPaid) throw new AppError('FORBIDDEN', VIDEO_MESSAGES.lockedReaction, 403);
  await setItemReaction(db, { itemId: videoId, ownerId: viewerId, kind: options.value });
  return answer(db, options.appSecret, viewerId, videoId, false);
}

/**
 * video_reactions/:id/video_views with { value: seconds watched since the last report,
 * position }: adds the watch time to the viewer's day (capped at what they may watch, so a
 * looping or lying player adds no more) and to the video's daily rollup; counts a view once
 * per viewer and UTC day (the catalogue's view) after 10 s, or the whole of a shorter video
 * or preview; marks a completion at 90 %; and keeps a signed-in viewer's position.
 */
export async function reportVideoWatching(options: {
  db: Db;
  appSecret: string;
  viewerId: string | undefined;
  visitorAddress: string;
  videoId: string;
  secondsWatched: number;
  position: number;
  now?: Date;
}): Promise<TVideoReactionsResponse> {
  const { db, viewerId, videoId } = options;
  const video = await readVideo(db, options.appSecret, viewerId, videoId);
  const duration = video.stream?.duration ?? null;
  if (video.type !== 'video' || duration === null)
    return answer(db, options.appSecret, viewerId, videoId, false);
  const watchable = video.hasPaid ? duration : Math.min(duration, VIDEO_PREVIEW_SECONDS);
  const day = (options.now ?? new Date()).toISOString().slice(0, 10);
  const viewerKey = viewerId ?? visitorKeyOf(options.appSecret, options.visitorAddress, day);
  const position = Math.min(options.position, watchable);

  const progress = await db.transaction(async (tx) => {
    const key = and(
      eq(videoWatchDays.itemId, videoId),
      eq(videoWatchDays.day, day),
      eq(videoWatchDays.viewerKey, viewerKey),
    );
    // The row first, then locked: two reports of one viewer add one after the other.
    await tx.insert(videoWatchDays).values({ itemId: videoId, day, viewerKey }).onConflictDoNothing();
    const [before] = await tx.select().from(videoWatchDays).where(key).for('update');
    const watched = Math.min((before?.watchedSeconds ?? 0) + options.secondsWatched, watchable);
    const added = Math.max(0, watched - (before?.watchedSeconds ?? 0));
    const isNewlyCompleted = !before?.completed && position >= watchable * COMPLETED_AT_SHARE;
    await tx
      .update(videoWatchDays)
      .set({ watchedSeconds: watched, completed: before?.completed || isNewlyCompleted })
      .where(key);
    if (added > 0 || isNewlyCompleted) {
      await tx
        .insert(videoDailyStats)
        .values({
          itemId: videoId,
          day,
          watchSeconds: Math.round(added),
          completions: isNewlyCompleted ? 1 : 0,
        })
        .onConflictDoUpdate({
          target: [videoDailyStats.itemId, videoDailyStats.day],
          set: {
            watchSeconds: sql`${videoDailyStats.watchSeconds} + excluded.watch_seconds`,
            completions: sql`${videoDailyStats.completions} + excluded.completions`,
          },
        });
    }
    return { watched };
  });

  if (viewerId && video.hasPaid) {
    await db
      .insert(videoWatchPositions)
      .values({ userId: viewerId, itemId: videoId, positionSeconds: position })
      .onConflictDoUpdate({
        target: [videoWatchPositions.userId, videoWatchPositions.itemId],
        set: { positionSeconds: position, updatedAt: sql`now()` },
      });
  }
  // Half a second of slack: players report the end a little before the last frame.
  const needed = Math.max(0, Math.min(VIEW_COUNTS_AFTER_SECONDS, watchable - 0.5));
  const counted =
    progress.watched >= needed && (await countItemView(db, { itemId: videoId, viewerKey, day }));
  return answer(db, options.appSecret, viewerId, videoId, counted);
}

async function readVideo(
  db: Db,
  appSecret: string,
  viewerId: string | undefined,
  videoId: string,
): Promise<TVideo> {
  const video = await loadVideoForViewer({ db, appSecret, viewerId, videoId });
  if (!video) throw new AppError('NOT_FOUND', VIDEO_MESSAGES.notFound, 404);
  return video;
}

async function answer(
  db: Db,
  appSecret: string,
  viewerId: string | undefined,
  videoId: string,
  counted: boolean,
): Promise<TVideoReactionsResponse> {
  const video = await readVideo(db, appSecret, viewerId, videoId);
  return {
    success: true,
    videoId,
    reactionCounts: video.reactionCounts,
    viewerReaction: video.viewerReaction,
    views: video.views,
    counted,
  };
}
