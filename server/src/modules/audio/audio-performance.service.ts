import { AUDIO_MESSAGES, type TAudioPerformance } from '@stagepass/contract/audio';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { readItemViewStats } from '../items/item-views.service.ts';
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
  const [views, earnings] = await Promise.all([
    readItemViewStats(db, { itemId: audioId, today, days: DAYS_SHOWN }),
    readItemEarnings(db, track.author.userId, audioId),
  ]);
  return {
    audioId,
    plays: track.plays,
    listeners: views.viewers,
    reactions: track.reactionCounts,
    unlocks: earnings.purchases,
    earnings: earnings.earned,
    playsByDay: views.viewsByDay.map(({ day, views: plays }) => ({ day, plays })),
  };
}
