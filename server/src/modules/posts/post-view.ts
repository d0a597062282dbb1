import {
  LIKES_SHOWN,
  REACTION_EMOJI,
  type TLike,
  type TPost,
  type TReactionKind,
} from '@stagepass/contract/posts';
import { and, eq, type Placeholder, sql } from 'drizzle-orm';
import { type Db, preparedReadByIds } from '../../db/client.ts';
import { itemMedia, items, mediaAssets, type PostRow, posts, users } from '../../db/schema/index.ts';
import {
  type ItemEnvelopeRow,
  isItemShownTo,
  itemEnvelopeColumns,
  readItemsForViewer,
  toItemEnvelope,
} from '../items/item-envelope.service.ts';
import { newestReactionsOf } from '../items/item-reactions.service.ts';
import { mediaAssetColumns } from '../media/media-urls.service.ts';
import { postTipColumns, toPostTips } from '../tips/tips.service.ts';
import { buildPostAssets, type PostMediaRow } from './post-media-urls.ts';

/**
 * Turns post ids into the spec's Post entity as one viewer may see it. This is the one gate
 * every read goes through:
 * - a block either way hides the author's posts (they answer like missing ones);
 * - a photo or video post is shown to others only once its media is ready (the author sees
 *   it while processing, and sees a failure with its reason);
 * - who sees a post in full is the catalogue's one rule (the author, everyone for a public
 *   post, a pass holder for a subscribers' post, a buyer for a pay-to-unlock one), decided
 *   inside the same query with the rest of the item's envelope (items/item-envelope.ts);
 *   anyone else gets the text with isLocked, lockReason and the price, and no media address.
 */

/** A post read: the catalogue's envelope (author, terms, lock, reactions) and the post's own. */
export type LoadedRow = ItemEnvelopeRow & {
  post: PostRow;
  /** Null for text posts, and once the asset was deleted on its own. */
  media: PostMediaRow | null;
  likes: [owner: string, kind: TReactionKind][];
  /** The newest tips, [name, emoji, amount, owner], and [count, sum] of them all (tips.service). */
  newestTips: [string, string, number, string | null][];
  tipTotals: [number, number];
};

/**
 * What a post read selects: the post, its author, its media, blocks and reactions as the
 * viewer (a placeholder) sees them. Shared by the load by ids and the feed's one-trip page.
 */
export function postViewColumns(viewer: Placeholder) {
  return {
    ...itemEnvelopeColumns(viewer),
    post: posts,
    media: mediaAssetColumns,
    likes: newestReactionsOf(posts.id, LIKES_SHOWN),
    ...postTipColumns(posts.id),
  };
}

const readPosts = preparedReadByIds('load_posts_for_viewer', (db, isAmongIds) =>
  db
    .select(postViewColumns(sql.placeholder('viewerId')))
    .from(posts)
    .innerJoin(items, eq(items.id, posts.id))
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(itemMedia, and(eq(itemMedia.itemId, posts.id), eq(itemMedia.role, 'main')))
    .leftJoin(mediaAssets, eq(mediaAssets.publicId, itemMedia.mediaPublicId))
    .where(isAmongIds(posts.id)),
);

/**
 * The posts among `ids` the viewer may see, in the order of `ids`. One round trip, as a
 * named prepared statement (db/client's preparedReadByIds): its plan (a dozen subplans)
 * costs more to make than to run, and PostgreSQL keeps it per connection. Its text must not
 * vary, so the viewer is always a parameter ('' when signed out: no block, reaction or
 * owner has that id).
 */
export async function loadPostsForViewer(options: {
  db: Db;
  /** APP_SECRET: signs the media addresses of posts that are not public. */
  appSecret: string;
  viewerId: string | undefined;
  ids: readonly string[];
}): Promise<TPost[]> {
  const { viewerId } = options;
  return readItemsForViewer({
    ...options,
    read: readPosts,
    idOf: (row: LoadedRow) => row.post.id,
    isShown: (row) => isVisibleTo(row, viewerId),
    toView: (row) => toPost(row, options.appSecret, viewerId),
  });
}

/** The rows a post read returned, as the viewer may see them, in the rows' order. */
export function toVisiblePosts(
  rows: readonly LoadedRow[],
  appSecret: string,
  viewerId: string | undefined,
): TPost[] {
  return rows.flatMap((row) => (isVisibleTo(row, viewerId) ? [toPost(row, appSecret, viewerId)] : []));
}

function isVisibleTo(row: LoadedRow, viewerId: string | undefined): boolean {
  // A media post whose asset is gone (deleted on its own) still shows its text.
  return isItemShownTo(row, viewerId, row.media === null || row.media.status === 'ready');
}

function toPost(row: LoadedRow, appSecret: string, viewerId: string | undefined): TPost {
  const { post, media } = row;
  const { isAuthor, isLocked, viewerReaction, ...envelope } = toItemEnvelope(row, viewerId);
  return {
    postId: post.id,
    type: post.type,
    description: isLocked && post.type === 'text' ? toTeaser(post.description) : post.description,
    createdAt: post.createdAt.toISOString(),
    author: envelope.author,
    postAssets: buildPostAssets({
      appSecret,
      viewerId,
      asset: media,
      visibility: envelope.visibility,
      isLocked,
    }),
    media: media ? { status: media.status, failureReason: isAuthor ? media.failureReason : null } : null,
    likes: row.likes.map(([owner, kind]) => toLike(post.id, owner, kind)),
    reactionCounts: envelope.reactionCounts,
    viewerReaction: viewerReaction && viewerId ? toLike(post.id, viewerId, viewerReaction) : null,
    ...toPostTips(post.id, row.newestTips, row.tipTotals),
    isReactionsOpen: post.isReactionsOpen,
    visibility: envelope.visibility,
    price: envelope.price,
    isLocked,
    lockReason: envelope.lockReason,
  };
}

/**
 * A locked text post's text is what is sold: a viewer without access reads its first third
 * (at most TEASER_MAX characters), cut at a word, then '…'. A photo or video post's caption
 * stays whole: the photo or video is what is sold.
 */
const TEASER_MAX = 120;
function toTeaser(text: string): string {
  const cut = text.slice(0, Math.min(TEASER_MAX, Math.floor(text.length / 3)));
  const atWord = cut.includes(' ') ? cut.slice(0, cut.lastIndexOf(' ')) : cut;
  return `${atWord.trimEnd()}…`;
}

export function toLike(postId: string, owner: string, kind: TReactionKind): TLike {
  return { owner, name: kind, emoji: REACTION_EMOJI[kind], postId };
}
