import { createHmac } from 'node:crypto';
import {
  AUDIO_MESSAGES,
  PLAY_COUNTS_AFTER_SECONDS,
  type TAudioReactionsResponse,
} from '@stagepass/contract/audio';
import type { TReactionKind } from '@stagepass/contract/posts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { audioPlays, audioReactions, audioTracks } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { clientNetworkOf } from '../../lib/network.ts';
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
  if (options.value === 'none') {
    await db
      .delete(audioReactions)
      .where(and(eq(audioReactions.audioId, audioId), eq(audioReactions.ownerId, viewerId)));
  } else {
    await db
      .insert(audioReactions)
      .values({ audioId, ownerId: viewerId, kind: options.value })
      .onConflictDoUpdate({
        target: [audioReactions.audioId, audioReactions.ownerId],
        set: { kind: options.value, createdAt: sql`now()` },
      });
  }
  return answer(options.db, options.appSecret, viewerId, audioId, false);
}

/**
 * audio_reactions/:id/audio_views with { value: seconds listened }: a play counts once the
 * listener heard 30 s, or the whole of what they hear when it is shorter (a short track, or
 * the preview of one they have not paid for), once per listener, track and UTC day. The
 * primary key (audio_id, day, listener_key) holds "once" under concurrent reports; the
 * track's running count moves in the same transaction.
 */
export async function countAudioPlay(options: {
  db: Db;
  appSecret: string;
  viewerId: string | undefined;
  /** For a signed-out listener: the address they come from, hashed with the day (see listenerKeyOf). */
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
  const listenerKey = viewerId ?? listenerKeyOf(options.appSecret, options.visitorAddress, day);
  const counted = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(audioPlays)
      .values({ audioId, listenerKey, day })
      .onConflictDoNothing()
      .returning({ audioId: audioPlays.audioId });
    if (inserted.length === 0) return false;
    await tx
      .update(audioTracks)
      .set({ plays: sql`${audioTracks.plays} + 1` })
      .where(eq(audioTracks.id, audioId));
    return true;
  });
  return answer(db, options.appSecret, viewerId, audioId, counted);
}

/**
 * A signed-out listener, for one day: an HMAC of the network they come from (the address;
 * an IPv6 /64, see clientNetworkOf) under the app's secret and the day, so it cannot be
 * reversed, and yesterday's key cannot be matched to today's (nobody is followed across
 * days). Nothing the client sends is part of it: with the browser in the key, one address
 * counted once per User-Agent it made up. People behind one shared address (a phone
 * carrier's NAT, an office) count as one signed-out listener a day; signed in, each counts.
 */
export function listenerKeyOf(secret: string, address: string, day: string): string {
  const digest = createHmac('sha256', secret)
    .update(`audio-listener:v2\n${day}\n${clientNetworkOf(address)}`)
    .digest('base64url');
  return `visitor:${digest}`;
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
