import { AUDIO_MESSAGES, type TAudioPerformance } from '@stagepass/contract/audio';
import { sql } from 'drizzle-orm';
import { type Db, readRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { readItemEarnings } from '../money/payouts/earnings.service.ts';
import { loadTracksForViewer } from './audio-view.ts';

const DAYS_SHOWN = 30;

/**
 * audio-perfomance/:id, for the track's author only: plays (once per listener a day),
 * unique listeners, reactions, and what its unlocks brought (from money's item rollup,
 * after the platform's fee), with the plays of the last 30 UTC days.
 */
export async function readAudioPerformance(options: {
  db: Db;
  appSecret: string;
  viewerId: string;
  audioId: string;
  now?: Date;
}): Promise<TAudioPerformance> {
  const { db, audioId } = options;
  const [track] = await loadTracksForViewer({
    db,
    appSecret: options.appSecret,
    viewerId: options.viewerId,
    ids: [audioId],
  });
  if (!track) throw new AppError('NOT_FOUND', AUDIO_MESSAGES.notFound, 404);
  if (track.profileInteraction !== 'AUTHOR') throw new AppError('FORBIDDEN', AUDIO_MESSAGES.authorOnly, 403);

  const today = (options.now ?? new Date()).toISOString().slice(0, 10);
  const [listenerRows, dayRows, earnings] = await Promise.all([
    db.execute(
      sql`select count(distinct listener_key)::int as listeners from audio_plays where audio_id = ${audioId}`,
    ),
    db.execute(sql`
      select to_char(days.day, 'YYYY-MM-DD') as day, count(p.listener_key)::int as plays
      from generate_series(${today}::date - ${DAYS_SHOWN - 1}::int, ${today}::date, interval '1 day') as days(day)
      left join audio_plays as p on p.audio_id = ${audioId} and p.day = days.day::date
      group by days.day order by days.day`),
    readItemEarnings(db, track.author.userId, audioId),
  ]);
  const [listeners] = readRows<{ listeners: number }>(listenerRows);
  return {
    audioId,
    plays: track.plays,
    listeners: listeners?.listeners ?? 0,
    reactions: track.reactionCounts,
    unlocks: earnings.purchases,
    earnings: earnings.earned,
    playsByDay: readRows<{ day: string; plays: number }>(dayRows),
  };
}
