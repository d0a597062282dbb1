import {
  AUDIO_MESSAGES,
  PLAY_COUNTS_AFTER_SECONDS,
  type TAudioReactionsResponse,
} from '@stagepass/contract/audio';
import type { TReactionKind } from '@stagepass/contract/posts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { setItemReaction } from '../items/item-reactions.service.ts';
import { countItemView, visitorKeyOf } from '../items/item-views.service.ts';
import { loadTracksForViewer } from './audio-view.ts';

/**
 * audio_reactions/:id/likes/:value: sets (not toggles) the listener's reaction, so a repeated
 * PUT is harmless. Only a listener who hears the track in full may react, as for posts.
 */
export async function setAudioReaction(options: {
  db: Db;
  appSecret: string;
  viewerId: string;
  audioId: string;
  value: TReactionKind | 'none';
}): Promise<TAudioReactionsResponse> {
  const { db, viewerId, audioId } = options;
  const track = await readTrack(options.db, options.appSecret, viewerId, audioId);
  if (!track.hasPaid) throw new AppError('FORBIDDEN', AUDIO_MESSAGES.lockedReaction, 403);
  await setItemReaction(db, { itemId: audioId, ownerId: viewerId, kind: options.value });
  return answer(options.db, options.appSecret, viewerId, audioId, false);
}

/**
 * audio_reactions/:id/audio_views with { value: seconds listened }: a play counts once the
 * listener heard 30 s, or the whole of what they hear when it is shorter (a short track, or
 * the preview of one they have not paid for), once per listener, track and UTC day: the
 * catalogue's view (countItemView).
 */
export async function countAudioPlay(options: {
  db: Db;
  appSecret: string;
  viewerId: string | undefined;
  /** For a signed-out listener: the address they come from, hashed with the day (see visitorKeyOf). */
  visitorAddress: string;
  audioId: string;
  secondsListened: number;
  now?: Date;
}): Promise<TAudioReactionsResponse> {
  const { db, viewerId, audioId } = options;
  const track = await readTrack(db, options.appSecret, viewerId, audioId);
  const heard = track.hasPaid ? track.audio_asset.duration : track.audio_asset.preview_duration;
  // Half a second of slack: players report the end a little before the last sample.
  const needed = Math.max(0, Math.min(PLAY_COUNTS_AFTER_SECONDS, (heard ?? PLAY_COUNTS_AFTER_SECONDS) - 0.5));
  if (options.secondsListened < needed) return answer(db, options.appSecret, viewerId, audioId, false);

  const day = (options.now ?? new Date()).toISOString().slice(0, 10);
  const viewerKey = viewerId ?? visitorKeyOf(options.appSecret, options.visitorAddress, day);
  const counted = await countItemView(db, { itemId: audioId, viewerKey, day });
  return answer(db, options.appSecret, viewerId, audioId, counted);
}

async function readTrack(db: Db, appSecret: string, viewerId: string | undefined, audioId: string) {
  const [track] = await loadTracksForViewer({ db, appSecret, viewerId, ids: [audioId] });
  if (!track) throw new AppError('NOT_FOUND', AUDIO_MESSAGES.notFound, 404);
  return track;
}

async function answer(
  db: Db,
  appSecret: string,
  viewerId: string | undefined,
  audioId: string,
  counted: boolean,
): Promise<TAudioReactionsResponse> {
  const track = await readTrack(db, appSecret, viewerId, audioId);
  return {
    success: true,
    audioId,
    reactionCounts: track.reactionCounts,
    viewerReaction: track.viewerReaction,
    plays: track.plays,
    counted,
  };
}
