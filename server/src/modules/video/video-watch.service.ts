import { type TVideo, type TWatchResponse, VIDEO_MESSAGES } from '@stagepass/contract/video';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { items, videoWatchPositions } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { loadVideoForViewer, loadVideosForViewer } from './video-view.ts';

/**
 * The watch page (fetch-to-watch/:x): the video, its series with every episode the viewer
 * may see in order, the next episode, and where the signed-in viewer stopped (on any
 * device). A series asked for answers the episode the viewer was last watching, or its first.
 */
export async function getVideoToWatch(options: {
  db: Db;
  appSecret: string;
  viewerId: string | undefined;
  videoId: string;
}): Promise<TWatchResponse> {
  const { db, appSecret, viewerId } = options;
  const asked = await loadVideoForViewer({ db, appSecret, viewerId, videoId: options.videoId });
  if (!asked) throw new AppError('NOT_FOUND', VIDEO_MESSAGES.notFound, 404, 'x');

  const seriesId = asked.type === 'series' ? asked._id : (asked.series?._id ?? null);
  if (!seriesId) {
    return {
      success: true,
      video: asked,
      series: null,
      nextEpisodeId: null,
      resumeAt: await resumeAt(db, viewerId, asked),
    };
  }
  const series =
    asked.type === 'series'
      ? asked
      : await loadVideoForViewer({ db, appSecret, viewerId, videoId: seriesId });
  const episodeIds = await db
    .select({ id: items.id })
    .from(items)
    .where(eq(items.parentId, seriesId))
    .orderBy(asc(items.position));
  const episodes = await loadVideosForViewer({
    db,
    appSecret,
    viewerId,
    ids: episodeIds.map((row) => row.id),
  });
  const video = asked.type === 'series' ? await episodeToGoOn(db, viewerId, episodes) : asked;
  if (!video) {
    // A series without an episode the viewer may see: the series itself, nothing to play.
    return {
      success: true,
      video: asked,
      series: series ? { ...series, episodes } : null,
      nextEpisodeId: null,
      resumeAt: 0,
    };
  }
  const index = episodes.findIndex((episode) => episode._id === video._id);
  return {
    success: true,
    video,
    series: series ? { ...series, episodes } : null,
    nextEpisodeId: index >= 0 ? (episodes[index + 1]?._id ?? null) : null,
    resumeAt: await resumeAt(db, viewerId, video),
  };
}

/** The episode the viewer watched last (by their saved positions), or the first. */
async function episodeToGoOn(
  db: Db,
  viewerId: string | undefined,
  episodes: TVideo[],
): Promise<TVideo | undefined> {
  if (viewerId && episodes.length > 0) {
    const [last] = await db
      .select({ itemId: videoWatchPositions.itemId })
      .from(videoWatchPositions)
      .where(
        and(
          eq(videoWatchPositions.userId, viewerId),
          inArray(
            videoWatchPositions.itemId,
            episodes.map((episode) => episode._id),
          ),
        ),
      )
      .orderBy(desc(videoWatchPositions.updatedAt))
      .limit(1);
    const found = episodes.find((episode) => episode._id === last?.itemId);
    if (found) return found;
  }
  return episodes[0];
}

/**
 * Where to start: the saved position, unless the viewer had (nearly) finished, which starts
 * again from the beginning; a viewer with the preview only starts at 0.
 */
async function resumeAt(db: Db, viewerId: string | undefined, video: TVideo): Promise<number> {
  if (!viewerId || !video.hasPaid) return 0;
  const [saved] = await db
    .select({ position: videoWatchPositions.positionSeconds })
    .from(videoWatchPositions)
    .where(and(eq(videoWatchPositions.userId, viewerId), eq(videoWatchPositions.itemId, video._id)));
  const duration = video.stream?.duration ?? null;
  if (!saved || duration === null) return 0;
  return saved.position >= duration - 5 ? 0 : Math.max(0, saved.position);
}
