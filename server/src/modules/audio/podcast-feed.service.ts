import { createHmac } from 'node:crypto';
import { AUDIO_MESSAGES, AUDIO_VARIANTS, type TPodcastFeedResponse } from '@stagepass/contract/audio';
import { avatarUrl } from '@stagepass/contract/media';
import { PROFILE_MESSAGES } from '@stagepass/contract/profiles';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  audioTracks,
  items as catalogue,
  itemMedia,
  mediaAssets,
  podcastFeeds,
  type UserRow,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { createId } from '../../lib/ids.ts';
import type { MediaStore } from '../../lib/media-store.ts';
import { hashToken } from '../../lib/secrets.ts';
import { fullAccessCondition } from '../items/item-access.service.ts';
import { signMediaUrl } from '../media/media-urls.service.ts';
import { hasActivePass, readActivePassExpiry } from '../passes/passes.service.ts';
import { blockedEitherWayCondition } from '../profiles/blocks.service.ts';
import { findVisibleProfile } from '../profiles/profile-view.service.ts';
import { renderPodcastRss } from './podcast-rss.ts';

/**
 * Private podcast feeds (issue 17, beyond the spec): a pass holder's own RSS address of a
 * creator's tracks, for podcast apps, which carry no session. The address holds a token
 * derived from the feed's id under APP_SECRET (so the same address can be shown again
 * without storing it); only its SHA-256 is stored, to find the feed. The feed, and every
 * enclosure address it handed out, answers only while the fan's pass to the creator runs:
 * enclosures are signed for the viewer 'feed:<id>' and checked against the pass at each
 * request (registerSignedViewer in register-audio.ts), and they expire after a few hours.
 */

export const FEED_VIEWER_PREFIX = 'feed';
/** Enclosures live this long: a podcast app downloads soon after it reads the feed. */
const ENCLOSURE_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** The newest tracks a feed lists. */
const FEED_ITEMS = 100;

export async function createPodcastFeed(options: {
  db: Db;
  appSecret: string;
  publicUrl: string;
  fan: UserRow;
  username: string;
}): Promise<TPodcastFeedResponse> {
  const { db, fan } = options;
  const creator = await findVisibleProfile({ db, username: options.username, viewer: fan });
  if (!creator) throw new AppError('NOT_FOUND', PROFILE_MESSAGES.profileNotFound, 404, 'username');
  const expiresAt = await readActivePassExpiry(db, fan.id, creator.id);
  if (!expiresAt) throw new AppError('FORBIDDEN', AUDIO_MESSAGES.feedNeedsPass, 403);

  const id = createId(16);
  await db
    .insert(podcastFeeds)
    .values({
      id,
      tokenHash: hashToken(feedToken(options.appSecret, id)),
      fanId: fan.id,
      creatorId: creator.id,
    })
    .onConflictDoNothing({ target: [podcastFeeds.fanId, podcastFeeds.creatorId] });
  const [feed] = await db
    .select({ id: podcastFeeds.id })
    .from(podcastFeeds)
    .where(and(eq(podcastFeeds.fanId, fan.id), eq(podcastFeeds.creatorId, creator.id)));
  if (!feed) throw new Error('podcast feed vanished after its creation');
  return {
    success: true,
    feedUrl: `${options.publicUrl}/api/audio/podcast-feed/${feedToken(options.appSecret, feed.id)}`,
    expiresAt: expiresAt.toISOString(),
  };
}

/** The feed as RSS 2.0 with iTunes tags; 404 for an unknown token or an ended pass. */
export async function renderPodcastFeed(options: {
  db: Db;
  mediaStore: MediaStore;
  appSecret: string;
  publicUrl: string;
  token: string;
  now?: Date;
}): Promise<string> {
  const { db } = options;
  const feed = await findLiveFeed(db, { tokenHash: hashToken(options.token) });
  if (!feed) throw new AppError('NOT_FOUND', AUDIO_MESSAGES.notFound, 404);
  const [creator] = await db.select().from(users).where(eq(users.id, feed.creatorId));
  if (!creator) throw new AppError('NOT_FOUND', AUDIO_MESSAGES.notFound, 404);

  const tracks = await db
    .select({
      id: audioTracks.id,
      title: audioTracks.title,
      genre: audioTracks.genre,
      createdAt: audioTracks.createdAt,
      variants: mediaAssets.variants,
      duration: mediaAssets.durationSeconds,
    })
    .from(audioTracks)
    .innerJoin(catalogue, eq(catalogue.id, audioTracks.id))
    .innerJoin(itemMedia, and(eq(itemMedia.itemId, audioTracks.id), eq(itemMedia.role, 'main')))
    .innerJoin(mediaAssets, eq(mediaAssets.publicId, itemMedia.mediaPublicId))
    .where(
      and(eq(audioTracks.authorId, creator.id), eq(mediaAssets.status, 'ready'), hearsInFull(feed.fanId)),
    )
    .orderBy(desc(audioTracks.createdAt), desc(audioTracks.id))
    .limit(FEED_ITEMS);

  const now = options.now ?? new Date();
  const expiresAt = new Date(Math.ceil((now.getTime() + ENCLOSURE_LIFETIME_MS) / 3_600_000) * 3_600_000);
  const items = await Promise.all(
    tracks.map(async (track) => {
      const key = track.variants[AUDIO_VARIANTS.full];
      const file = key ? await options.mediaStore.stat(key) : null;
      if (!key || !file) return null;
      const path = signMediaUrl({
        secret: options.appSecret,
        key,
        viewerId: `${FEED_VIEWER_PREFIX}:${feed.id}`,
        expiresAt,
      });
      return {
        guid: track.id,
        title: track.title,
        genre: track.genre,
        publishedAt: track.createdAt,
        durationSeconds: track.duration,
        enclosure: { url: `${options.publicUrl}${path}`, bytes: file.size, type: file.contentType },
        link: `${options.publicUrl}/${creator.username}/audio/${track.id}`,
      };
    }),
  );
  return renderPodcastRss({
    title: `${creator.name} on Stagepass`,
    author: creator.name,
    description: creator.bio || `${creator.name}'s tracks for pass holders.`,
    link: `${options.publicUrl}/${creator.username}`,
    imageUrl: creator.avatarPublicId ? `${options.publicUrl}${avatarUrl(creator.avatarPublicId, 256)}` : null,
    items: items.flatMap((item) => (item ? [item] : [])),
  });
}

/**
 * The media route's check of an enclosure's viewer 'feed:<id>': the feed exists, its pass
 * still runs, and the file is a track of the feed's creator that the fan hears in full.
 */
export async function mayFeedFetch(
  db: Db,
  viewer: string,
  asset: { publicId: string; ownerId: string },
): Promise<boolean> {
  const feedId = viewer.slice(FEED_VIEWER_PREFIX.length + 1);
  const feed = await findLiveFeed(db, { id: feedId });
  if (!feed || feed.creatorId !== asset.ownerId) return false;
  const [track] = await db
    .select({ id: audioTracks.id })
    .from(audioTracks)
    .innerJoin(catalogue, eq(catalogue.id, audioTracks.id))
    .innerJoin(itemMedia, and(eq(itemMedia.itemId, audioTracks.id), eq(itemMedia.role, 'main')))
    .where(and(eq(itemMedia.mediaPublicId, asset.publicId), hearsInFull(feed.fanId)))
    .limit(1);
  return track !== undefined;
}

/**
 * The fan hears the track in full: access's one rule, as in every other read of a track. A
 * pass opens the creator's tracks for pass holders, not those sold on their own (pay-to-unlock),
 * which the feed carries only once the fan unlocked them.
 */
function hearsInFull(fanId: string) {
  return fullAccessCondition(fanId, catalogue);
}

/**
 * The feed while it may be read: its pass runs, and no block stands between the fan and the
 * creator, either way (a block hides the creator's tracks everywhere else, and a pass outlives it).
 */
async function findLiveFeed(
  db: Db,
  by: { tokenHash: string } | { id: string },
): Promise<{ id: string; fanId: string; creatorId: string } | undefined> {
  const [feed] = await db
    .select({ id: podcastFeeds.id, fanId: podcastFeeds.fanId, creatorId: podcastFeeds.creatorId })
    .from(podcastFeeds)
    .where('id' in by ? eq(podcastFeeds.id, by.id) : eq(podcastFeeds.tokenHash, by.tokenHash));
  if (!feed) return undefined;
  const [creator] = await db
    .select({ isBlocked: blockedEitherWayCondition(feed.fanId, users.id) })
    .from(users)
    .where(eq(users.id, feed.creatorId));
  if (!creator || creator.isBlocked) return undefined;
  return (await hasActivePass(db, feed.fanId, feed.creatorId)) ? feed : undefined;
}

/** The address's secret part: 256 bits derived from the feed's id, so it is never stored. */
function feedToken(appSecret: string, feedId: string): string {
  return createHmac('sha256', appSecret).update(`podcast-feed:v1\n${feedId}`).digest('base64url');
}
