import type { TVideo } from '@stagepass/contract/video';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, preparedReadByIds } from '../../db/client.ts';
import {
  itemMedia,
  items,
  type MediaRendition,
  mediaAssets,
  users,
  type VideoRow,
  videos,
} from '../../db/schema/index.ts';
import {
  type ItemEnvelopeRow,
  isItemShownTo,
  itemEnvelopeColumns,
  readItemsForViewer,
  toItemEnvelope,
} from '../items/item-envelope.service.ts';
import { type MediaAccessRow, mediaAssetColumns } from '../media/media-urls.service.ts';
import { buildVideoStream } from './video-stream.ts';

/**
 * Turns video ids into the spec's Video as one viewer may see it: the one gate every video
 * read goes through (the catalogue's envelope and rule, decision 023).
 * - a block either way hides the creator's videos (they answer like missing ones);
 * - a video is shown to others once its file is processed; its author sees it while
 *   processing (with the progress) and a failure with its reason; a series is always ready;
 * - who watches it whole is access's one rule, an unlock of its series included; anyone else
 *   gets the 30-second preview, the poster and the lock, and never a folder token.
 */

const coverAssets = alias(mediaAssets, 'cover_assets');
const mainMedia = alias(itemMedia, 'main_media');
const coverMedia = alias(itemMedia, 'cover_media');
const seriesVideos = alias(videos, 'series_videos');

export type VideoAssetRow = Omit<MediaAccessRow, 'isOnPublicItem' | 'hasOpenTeaser'> & {
  processingProgress: number;
  renditions: MediaRendition[] | null;
};

/** A video read: the catalogue's envelope and the video's own. */
type LoadedVideo = ItemEnvelopeRow & {
  video: VideoRow;
  kind: 'video' | 'series';
  parentId: string | null;
  position: number | null;
  seriesTitle: string | null;
  episodesCount: number;
  asset: VideoAssetRow | null;
  cover: { publicId: string; variants: Record<string, string>; status: string } | null;
  /** A series: the poster of its first episode shown to all (published, its file ready). */
  firstEpisodePosterKey: string | null;
};

/**
 * The video read, as a named prepared statement pair (db/client's preparedReadByIds, the
 * catalogue's rule for kind reads): its joins cost more to plan than to run.
 */
const readVideos = preparedReadByIds('load_videos_for_viewer', (db, isAmongIds) =>
  db
    .select({
      ...itemEnvelopeColumns(sql.placeholder('viewerId')),
      video: videos,
      kind: sql<'video' | 'series'>`${items.kind}`,
      parentId: items.parentId,
      position: items.position,
      seriesTitle: seriesVideos.title,
      // The episodes a viewer may be shown: published ones, and for the author those processing too.
      episodesCount: sql<number>`(select count(*)::int from items as episode
        where episode.parent_id = ${items.id}
          and (episode.status = 'published'
            or (episode.status = 'processing' and episode.creator_id = ${sql.placeholder('viewerId')})))`,
      asset: {
        ...mediaAssetColumns,
        processingProgress: mediaAssets.processingProgress,
        renditions: mediaAssets.renditions,
      },
      cover: { publicId: coverAssets.publicId, variants: coverAssets.variants, status: coverAssets.status },
      firstEpisodePosterKey: sql<string | null>`(select episode_file.variants->>'poster' from items as episode
        join item_media as episode_media on episode_media.item_id = episode.id and episode_media.role = 'main'
        join media_assets as episode_file on episode_file.public_id = episode_media.media_public_id
        where episode.parent_id = ${items.id} and episode.status = 'published' and episode_file.status = 'ready'
        order by episode.position limit 1)`,
    })
    .from(videos)
    .innerJoin(items, eq(items.id, videos.id))
    .innerJoin(users, eq(users.id, videos.authorId))
    .leftJoin(seriesVideos, eq(seriesVideos.id, items.parentId))
    .leftJoin(mainMedia, and(eq(mainMedia.itemId, videos.id), eq(mainMedia.role, 'main')))
    .leftJoin(mediaAssets, eq(mediaAssets.publicId, mainMedia.mediaPublicId))
    .leftJoin(coverMedia, and(eq(coverMedia.itemId, videos.id), eq(coverMedia.role, 'cover')))
    .leftJoin(coverAssets, eq(coverAssets.publicId, coverMedia.mediaPublicId))
    .where(isAmongIds(videos.id)),
);

/** The videos and series among `ids` the viewer may see, in the order of `ids`. One round trip. */
export async function loadVideosForViewer(options: {
  db: Db;
  appSecret: string;
  viewerId: string | undefined;
  ids: readonly string[];
}): Promise<TVideo[]> {
  const { viewerId } = options;
  return readItemsForViewer({
    ...options,
    read: readVideos,
    idOf: (row: LoadedVideo) => row.video.id,
    isShown: (row) => isShownTo(row, viewerId),
    toView: (row) => toVideo(row, options.appSecret, viewerId),
  });
}

/** One video or series as the viewer may see it, or undefined. */
export async function loadVideoForViewer(options: {
  db: Db;
  appSecret: string;
  viewerId: string | undefined;
  videoId: string;
}): Promise<TVideo | undefined> {
  const [video] = await loadVideosForViewer({ ...options, ids: [options.videoId] });
  return video;
}

function isShownTo(row: LoadedVideo, viewerId: string | undefined): boolean {
  // A video whose item lost its file (never written so) is shown to nobody.
  if (row.kind === 'video' && !row.asset?.publicId) return false;
  return isItemShownTo(row, viewerId, row.kind === 'series' || row.asset?.status === 'ready');
}

function toVideo(row: LoadedVideo, appSecret: string, viewerId: string | undefined): TVideo {
  const { video, item } = row;
  const { isAuthor, isLocked, ...envelope } = toItemEnvelope(row, viewerId);
  const asset = row.kind === 'video' ? row.asset : null;
  return {
    _id: video.id,
    type: row.kind,
    title: video.title,
    description: video.description,
    createdAt: video.createdAt.toISOString(),
    author: envelope.author,
    visibility: envelope.visibility,
    price: envelope.price,
    profileInteraction: isAuthor ? 'AUTHOR' : 'GUEST',
    hasPaid: !isLocked,
    lockReason: envelope.lockReason,
    status: asset?.status ?? 'ready',
    processingProgress: asset?.status === 'processing' ? asset.processingProgress : 100,
    failureReason: isAuthor ? (asset?.failureReason ?? null) : null,
    series:
      row.parentId && row.seriesTitle !== null && row.position !== null
        ? { _id: row.parentId, title: row.seriesTitle, position: row.position }
        : null,
    episodesCount: row.kind === 'series' ? row.episodesCount : 0,
    cover_url: toCoverUrl(row.cover) ?? toSeriesPosterUrl(row.firstEpisodePosterKey),
    video_asset: isAuthor && asset ? { public_id: asset.publicId } : null,
    cover_asset: isAuthor && row.cover?.publicId ? { public_id: row.cover.publicId } : null,
    stream: asset
      ? buildVideoStream({
          appSecret,
          viewerId,
          asset,
          isPublic: envelope.visibility === 'everyone' && item.status === 'published',
          hasFullAccess: !isLocked,
        })
      : null,
    reactionCounts: envelope.reactionCounts,
    viewerReaction: envelope.viewerReaction,
    views: item.views,
  };
}

/**
 * A series without a cover of its own shows its first episode's poster, open to all like
 * every video's poster (its teaser, media-access.ts).
 */
function toSeriesPosterUrl(key: string | null): string | null {
  return key ? `/media/${key}` : null;
}

/** A cover is open to all (media-access.ts): its plain /media address. */
function toCoverUrl(cover: LoadedVideo['cover']): string | null {
  if (cover?.status !== 'ready') return null;
  const key = cover.variants.post ?? cover.variants.mobile;
  return key ? `/media/${key}` : null;
}
