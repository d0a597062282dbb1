import { type TVideoPerformance, VIDEO_MESSAGES } from '@stagepass/contract/video';
import { sql } from 'drizzle-orm';
import { type Db, readRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { readItemViewStats } from '../items/item-views.service.ts';
import { readItemEarnings } from '../money/payouts/earnings.service.ts';
import { loadVideoForViewer } from './video-view.ts';

const DAYS_SHOWN = 30;

/**
 * video-perfomance/:id, for the video's author only: views (once per viewer a day), unique
 * viewers, watch time and completions from the daily rollups (video_daily_stats), reactions,
 * and what its unlocks brought (money's item rollup, after the fee), the last 30 UTC days.
 */
export async function readVideoPerformance(options: {
  db: Db;
  appSecret: string;
  viewerId: string;
  videoId: string;
  now?: Date;
}): Promise<TVideoPerformance> {
  const { db, videoId } = options;
  const video = await loadVideoForViewer({
    db,
    appSecret: options.appSecret,
    viewerId: options.viewerId,
    videoId,
  });
  if (!video) throw new AppError('NOT_FOUND', VIDEO_MESSAGES.notFound, 404);
  if (video.profileInteraction !== 'AUTHOR') throw new AppError('FORBIDDEN', VIDEO_MESSAGES.authorOnly, 403);

  const today = (options.now ?? new Date()).toISOString().slice(0, 10);
  const [views, earnings, rollups, byDay] = await Promise.all([
    readItemViewStats(db, { itemId: videoId, today, days: DAYS_SHOWN }),
    readItemEarnings(db, video.author.userId, videoId),
    db.execute(sql`
      select coalesce(sum(watch_seconds), 0)::bigint as "watchSeconds", coalesce(sum(completions), 0)::int as completions
      from video_daily_stats where item_id = ${videoId}`),
    db.execute(sql`
      select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(s.watch_seconds, 0)::bigint as "watchSeconds"
      from generate_series(${today}::date - ${DAYS_SHOWN - 1}::int, ${today}::date, interval '1 day') as days(day)
      left join video_daily_stats as s on s.item_id = ${videoId} and s.day = days.day::date
      order by days.day`),
  ]);
  const [totals] = readRows<{ watchSeconds: string | number; completions: number }>(rollups);
  const watchByDay = new Map(
    readRows<{ day: string; watchSeconds: string | number }>(byDay).map((row) => [
      row.day,
      Number(row.watchSeconds),
    ]),
  );
  return {
    videoId,
    views: video.views,
    viewers: views.viewers,
    watchSeconds: Number(totals?.watchSeconds ?? 0),
    completionRate: video.views > 0 ? Math.min(1, (totals?.completions ?? 0) / video.views) : 0,
    reactions: video.reactionCounts,
    unlocks: earnings.purchases,
    earnings: earnings.earned,
    byDay: views.viewsByDay.map(({ day, views: count }) => ({
      day,
      views: count,
      watchSeconds: watchByDay.get(day) ?? 0,
    })),
  };
}
