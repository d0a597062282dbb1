import { z } from 'zod';
import { WRITE_REFUSALS, ZErrorResponse } from './errors.ts';
import { ZImageAsset } from './media.ts';
import { formatKwacha } from './money-format.ts';
import { defineRoutes } from './routes.ts';
import { LOCK_REASONS } from './unlocks.ts';

/**
 * Posts, reactions and the home feed (the spec's section 7 "Post" and its Post and Like
 * entities). What each path parameter means is written in docs/decisions/006-post-api.md
 * and in the OpenAPI descriptions of the routes.
 */

export const POST_ID_LENGTH = 16;
export const POST_TYPES = ['photo', 'video', 'text'] as const;
export type TPostType = (typeof POST_TYPES)[number];
export const POST_VISIBILITIES = ['everyone', 'subscribers', 'pay-to-unlock'] as const;
export type TPostVisibility = (typeof POST_VISIBILITIES)[number];

export const REACTION_KINDS = ['love', 'haha', 'wow', 'angry', 'sad'] as const;
export type TReactionKind = (typeof REACTION_KINDS)[number];
/** The one place that says which emoji each reaction kind shows. */
export const REACTION_EMOJI: Record<TReactionKind, string> = {
  love: '❤️',
  haha: '😂',
  wow: '😮',
  angry: '😡',
  sad: '😢',
};

export const DESCRIPTION_MAX_LENGTH = 2000;
/** Integer ngwee: K1 to K10,000 for one pay-to-unlock post. */
export const POST_PRICE_MIN = 100;
export const POST_PRICE_MAX = 1_000_000;
/** Posts per page unless the client asks for another size (1..POST_PAGE_MAX). */
export const POST_PAGE_SIZE = 20;
export const POST_PAGE_MAX = 50;
/** The newest reactions a post carries in likes[]; reactionCounts counts them all. */
export const LIKES_SHOWN = 20;

export const POST_MESSAGES = {
  invalidPostId: `A post id is ${POST_ID_LENGTH} characters: letters, digits, '-' or '_'.`,
  notYourPage: 'You can only publish as yourself.',
  notYourReaction: 'You can only react as yourself.',
  postIdTaken: 'This post id is already in use. Try again.',
  postIdMismatch: 'The postId of the body differs from the one in the address.',
  descriptionTooLong: `Keep the description to ${DESCRIPTION_MAX_LENGTH} characters.`,
  textRequired: 'Write something to post.',
  priceRequired: 'Set a price for a pay-to-unlock post.',
  priceOnlyWhenPaid: 'Only pay-to-unlock posts have a price.',
  priceRange: `Set a price between ${formatKwacha(POST_PRICE_MIN)} and ${formatKwacha(POST_PRICE_MAX)}.`,
  mediaRequired: (type: 'photo' | 'video') => `Add the ${type} of this post.`,
  mediaNotAllowed: 'A text post has no photo or video.',
  mediaNotFound: 'This file does not exist: upload it again.',
  mediaWrongKind: (type: 'photo' | 'video') => `This file is not a ${type === 'photo' ? 'photo' : 'video'}.`,
  mediaFailed: 'This file could not be processed: upload it again.',
  mediaInUse: 'This file already belongs to another post.',
  nothingToUpdate: 'Say what to change: description, visibility, price or isReactionsOpen.',
  postNotFound: 'This post does not exist.',
  onlyAuthorUpdates: 'Only the author can change this post.',
  onlyAuthorDeletes: 'Only the author can delete this post.',
  reactionsClosed: 'Reactions are turned off for this post.',
  lockedReaction: 'Unlock this post to react to it.',
  deleted: 'The post has been deleted.',
  invalidCursor: 'This page is not valid: start again from the first page.',
} as const;

const URL_SAFE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A new post id, for clients that create posts optimistically (Web Crypto: browsers and Node). */
export function createPostId(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(POST_ID_LENGTH));
  return Array.from(bytes, (byte) => URL_SAFE_ALPHABET[byte & 63]).join('');
}

export const ZPostId = z.string().regex(/^[A-Za-z0-9_-]{16}$/, POST_MESSAGES.invalidPostId);
export type TPostId = z.infer<typeof ZPostId>;
export const ZReactionKind = z.enum(REACTION_KINDS);

// ── The Post entity ─────────────────────────────────────────────────────────

/** The spec's Like: owner is the reacting user's id. */
export const ZLike = z
  .object({ owner: z.string(), name: ZReactionKind, emoji: z.string(), postId: z.string() })
  .meta({ id: 'Like' });
export type TLike = z.infer<typeof ZLike>;

/** The spec's Tip: a named tip (contract/src/tips.ts) a fan sent on a post; amount in ngwee. */
export const ZTip = z
  .object({
    name: z.string(),
    emoji: z.string(),
    amount: z.number().int(),
    /** The tipper's user id; null once their account is deleted (the tip stays). */
    owner: z.string().nullable(),
    postId: z.string(),
  })
  .meta({ id: 'Tip' });
export type TTip = z.infer<typeof ZTip>;

export const ZReactionCounts = z.object({
  love: z.number().int().nonnegative(),
  haha: z.number().int().nonnegative(),
  wow: z.number().int().nonnegative(),
  angry: z.number().int().nonnegative(),
  sad: z.number().int().nonnegative(),
});
export type TReactionCounts = z.infer<typeof ZReactionCounts>;

/** Addresses are null while the file is being processed, and for viewers without access. */
export const ZPostImage = z.object({
  public_id: z.string(),
  /** The 686×386 post size (or the best variant there is). */
  secure_url: z.string().nullable(),
  /** The 200 px-high variant for phones. */
  mobile_url: z.string().nullable(),
  /** A tiny blurred image to show while the real one loads. */
  placeholder_url: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Every variant by name → address. */
  variants: z.record(z.string(), z.string()),
});

export const ZPostVideo = z.object({
  public_id: z.string(),
  /**
   * The HLS master playlist (240p, 360p, 720p when the source has it, and the audio group),
   * under a folder token that opens the video's streaming folder for a few hours.
   */
  secure_url: z.string().nullable(),
  /** The audio-only rendition's playlist, for "audio only"; null for a video without sound. */
  audio_only_url: z.string().nullable(),
  /** WebVTT cues of the seek bar's thumbnails (`thumbnails.jpg#xywh=…`, relative addresses). */
  thumbnails_url: z.string().nullable(),
  poster: z.string().nullable(),
  /** The 30-second preview clip. */
  preview: z.string().nullable(),
  /** A tiny blurred frame to show while the poster loads. */
  placeholder_url: z.string().nullable(),
  duration: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  variants: z.record(z.string(), z.string()),
});

export const ZPostAuthor = z.object({
  userId: z.string(),
  /** The author's username, with its leading @ (their page is /{username}). */
  pageId: z.string(),
  /** The author's display name. */
  pageName: z.string(),
  profileAsset: ZImageAsset.nullable(),
});

export const ZPost = z
  .object({
    postId: z.string(),
    type: z.enum(POST_TYPES),
    description: z.string(),
    createdAt: z.string(),
    author: ZPostAuthor,
    postAssets: z.object({
      image: ZPostImage.nullable(),
      video: ZPostVideo.nullable(),
      /** Audio posts arrive with the audio issue. */
      audio: z.null(),
    }),
    /** Where the photo or video stands; null for text posts. failureReason for the author only. */
    media: z
      .object({ status: z.enum(['processing', 'ready', 'failed']), failureReason: z.string().nullable() })
      .nullable(),
    /** The newest reactions first, at most LIKES_SHOWN of them. */
    likes: z.array(ZLike),
    /** Every reaction of the post, counted per kind. */
    reactionCounts: ZReactionCounts,
    /** The signed-in viewer's own reaction (it may be older than the ones in likes). */
    viewerReaction: ZLike.nullable(),
    /** The newest tips first, at most TIPS_SHOWN (contract/src/tips.ts) of them. */
    tips: z.array(ZTip),
    /** Every tip of the post: how many, and their sum in ngwee. */
    tipTotals: z.object({ count: z.number().int().nonnegative(), amount: z.number().int().nonnegative() }),
    isReactionsOpen: z.boolean(),
    visibility: z.enum(POST_VISIBILITIES),
    /** Integer ngwee, for pay-to-unlock posts (what unlocking it costs now); null otherwise. */
    price: z.number().int().nullable(),
    /**
     * The viewer sees the text but not the media: not the author, and no pass to the creator
     * (subscribers' posts) or no unlock (pay-to-unlock posts). The author sees which of
     * their posts are for pass holders or paid by visibility and price.
     */
    isLocked: z.boolean(),
    /** Why the post is locked for this viewer: which modal opens it (join-to-unlock or unlock-exclusive-content); null when not locked. */
    lockReason: z.enum(LOCK_REASONS).nullable(),
  })
  .meta({ id: 'Post' });
export type TPost = z.infer<typeof ZPost>;

// ── Create ──────────────────────────────────────────────────────────────────

const ZDescription = z.string().trim().max(DESCRIPTION_MAX_LENGTH, POST_MESSAGES.descriptionTooLong);
/** A pay-to-unlock price as every kind takes it: integer ngwee, POST_PRICE_MIN to POST_PRICE_MAX. */
export const ZUnlockPrice = z
  .number()
  .int(POST_MESSAGES.priceRange)
  .min(POST_PRICE_MIN, POST_MESSAGES.priceRange)
  .max(POST_PRICE_MAX, POST_MESSAGES.priceRange);
/** An upload named by its public_id (POST /api/media/upload). */
export const ZAssetReference = z.object({ public_id: z.string().min(1).max(100) });

/**
 * Every kind's rule for a price: given exactly for pay-to-unlock, each kind refusing in its
 * own words. A change that leaves the visibility out is not checked here (the service
 * checks it against the stored terms).
 */
export function checkUnlockPrice(
  item: { visibility?: TPostVisibility | undefined; price?: number | null | undefined },
  context: z.RefinementCtx,
  messages: { priceRequired: string; priceOnlyWhenPaid: string },
): void {
  if (item.visibility === undefined) return;
  const isPaid = item.visibility === 'pay-to-unlock';
  if (isPaid && item.price == null) {
    context.addIssue({ code: 'custom', path: ['price'], message: messages.priceRequired });
  }
  if (!isPaid && item.price != null) {
    context.addIssue({ code: 'custom', path: ['price'], message: messages.priceOnlyWhenPaid });
  }
}

export const ZCreatePostRequest = z
  .object({
    /** Optional: the server makes one when absent. A repeat with the same id is the same post. */
    postId: ZPostId.optional(),
    type: z.enum(POST_TYPES),
    description: ZDescription.default(''),
    visibility: z.enum(POST_VISIBILITIES).default('everyone'),
    /** Exactly for pay-to-unlock posts: integer ngwee. */
    price: ZUnlockPrice.nullish(),
    isReactionsOpen: z.boolean().default(true),
    /**
     * The spec's draft carries the author; the server takes the author from the session.
     * A userId other than the signed-in user's is refused; pageId and pageName are ignored.
     */
    author: z
      .object({
        userId: z.string().max(64).optional(),
        pageId: z.string().max(64).optional(),
        pageName: z.string().max(200).optional(),
      })
      .optional(),
    /** The uploaded photo (photo posts) or video (video posts), by public_id. */
    postAssets: z.object({ image: ZAssetReference.nullish(), video: ZAssetReference.nullish() }).optional(),
  })
  .superRefine((post, context) => {
    checkUnlockPrice(post, context, POST_MESSAGES);
    const { image, video } = post.postAssets ?? {};
    if (post.type === 'text') {
      if (image || video) {
        context.addIssue({ code: 'custom', path: ['postAssets'], message: POST_MESSAGES.mediaNotAllowed });
      }
      if (post.description === '') {
        context.addIssue({ code: 'custom', path: ['description'], message: POST_MESSAGES.textRequired });
      }
    }
    if (post.type === 'photo' && (!image || video)) {
      context.addIssue({
        code: 'custom',
        path: ['postAssets', 'image'],
        message: POST_MESSAGES.mediaRequired('photo'),
      });
    }
    if (post.type === 'video' && (!video || image)) {
      context.addIssue({
        code: 'custom',
        path: ['postAssets', 'video'],
        message: POST_MESSAGES.mediaRequired('video'),
      });
    }
  });
export type TCreatePostRequest = z.input<typeof ZCreatePostRequest>;

export const ZCreatePostResponse = z.object({ success: z.literal(true), newPost: ZPost });
export type TCreatePostResponse = z.infer<typeof ZCreatePostResponse>;

// ── Update: a reaction (target 'likes') or the post itself (target 'post') ──

export const ZPostIdParams = z.object({ postId: ZPostId });
export type TPostIdParams = z.infer<typeof ZPostIdParams>;
export const ZIdParams = z.object({ id: ZPostId });
export type TIdParams = z.infer<typeof ZIdParams>;

export const ZLikeUpdate = z.object({
  target: z.literal('likes'),
  postId: ZPostId.optional(),
  update: z.object({
    like: z.object({
      name: ZReactionKind,
      /** Ignored: the emoji follows from name (REACTION_EMOJI). */
      emoji: z.string().max(16).optional(),
      /** The server takes the owner from the session; another user's id is refused. */
      owner: z.string().max(64).optional(),
      postId: ZPostId.optional(),
    }),
  }),
});

export const ZPostFieldsUpdate = z.object({
  target: z.literal('post'),
  postId: ZPostId.optional(),
  update: z
    .object({
      description: ZDescription.optional(),
      visibility: z.enum(POST_VISIBILITIES).optional(),
      /** Required when the post is (or becomes) pay-to-unlock; cleared when it stops being so. */
      price: ZUnlockPrice.nullish(),
      isReactionsOpen: z.boolean().optional(),
    })
    .refine(
      (fields) => Object.values(fields).some((value) => value !== undefined),
      POST_MESSAGES.nothingToUpdate,
    ),
});
export type TPostFieldsUpdate = z.infer<typeof ZPostFieldsUpdate>;

export const ZUpdatePostRequest = z.discriminatedUnion('target', [ZLikeUpdate, ZPostFieldsUpdate]);
export type TUpdatePostRequest = z.input<typeof ZUpdatePostRequest>;

export const ZPostResponse = z.object({ success: z.literal(true), post: ZPost });
export type TPostResponse = z.infer<typeof ZPostResponse>;

export const ZDeletePostResponse = z.object({ success: z.literal(true), message: z.string() });
export type TDeletePostResponse = z.infer<typeof ZDeletePostResponse>;

// ── Lists ───────────────────────────────────────────────────────────────────

/** An opaque cursor from nextCursor; absent or '0' is the first page. */
export const ZPostCursor = z.string().max(200);
const ZPageLimit = z.coerce.number().int().min(1).max(POST_PAGE_MAX);

export const ZPostPageQuery = z.object({
  cursor: ZPostCursor.optional(),
  limit: ZPageLimit.default(POST_PAGE_SIZE),
});
export type TPostPageQuery = z.input<typeof ZPostPageQuery>;
export const ZCursorOnlyQuery = z.object({ cursor: ZPostCursor.optional() });
export type TCursorOnlyQuery = z.input<typeof ZCursorOnlyQuery>;

/** fetch-posts/:limit */
export const ZLimitParams = z.object({ limit: ZPageLimit });
export type TLimitParams = z.input<typeof ZLimitParams>;
// The spec's one-letter parameters carry a title: the name a person reads in a message.
/** fetch-all/:x: the creator's username, with or without '@'. */
export const ZCreatorPostsParams = z.object({ x: z.string().min(1).max(64).meta({ title: 'Username' }) });
export type TCreatorPostsParams = z.infer<typeof ZCreatorPostsParams>;
/** fetch-own-posts/:a/:b: a is the cursor ('0' for the first page), b the page size. */
export const ZOwnPostsParams = z.object({
  a: ZPostCursor.meta({ title: 'Cursor' }),
  b: ZPageLimit.meta({ title: 'Page size' }),
});
export type TOwnPostsParams = z.input<typeof ZOwnPostsParams>;
/** fetch-purchased-posts/:x: x is the cursor ('0' for the first page). */
export const ZPurchasedPostsParams = z.object({ x: ZPostCursor.meta({ title: 'Cursor' }) });
export type TPurchasedPostsParams = z.infer<typeof ZPurchasedPostsParams>;

export const ZPostsPage = z
  .object({
    success: z.literal(true),
    posts: z.array(ZPost),
    /** Pass as the cursor for the next page; null at the end. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'PostsPage' });
export type TPostsPage = z.infer<typeof ZPostsPage>;

// ── Routes: the spec's post paths (section 7, "Post") and the home feed ─────

const tags = ['posts'];
const readRefusals = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };
const PAGING =
  `Newest first, keyset-paged on (createdAt, postId): pass nextCursor back as the cursor for the ` +
  `next page (absent or '0' is the first page; nextCursor is null at the end). A page may hold ` +
  `fewer posts than its size when some cannot be shown yet (media still processing); every post ` +
  `still comes exactly once. Pages hold ${POST_PAGE_SIZE} posts unless a size (1..${POST_PAGE_MAX}) is given.`;
const ACCESS =
  'Posts of creators blocked either way are left out. A post is shown in full to its author, to ' +
  'everyone when public, to holders of an active pass to its creator when it is for subscribers, and ' +
  'to those who unlocked it when it is pay-to-unlock; anyone else gets its text with isLocked, ' +
  'lockReason and its price, and no media addresses.';

/** docs/decisions/006-post-api.md. Signed-out visitors may read public posts. */
export const postRoutes = defineRoutes({
  createPost: {
    method: 'POST',
    path: '/api/post/create',
    audience: 'creator',
    tags,
    summary: 'Publish a photo, video or text post as the signed-in creator',
    description:
      'The author is the signed-in user, never the body: a body author.userId of anyone else is ' +
      'refused (403), pageId and pageName are ignored. postId (16 url-safe characters) may come from ' +
      'the client; the server makes one when it is absent. Creating the same postId again as the ' +
      'same author answers the existing post unchanged with 200 (201 when it was made now); the ' +
      "same postId from another author is 409. Photo and video posts name the author's own upload " +
      '(purpose post) in postAssets.image.public_id or postAssets.video.public_id; it may still be ' +
      'processing. price (integer ngwee, K1..K10,000) is required exactly for pay-to-unlock. ' +
      'Only creators publish (403 otherwise).',
    body: ZCreatePostRequest,
    response: { 200: ZCreatePostResponse, 201: ZCreatePostResponse, ...WRITE_REFUSALS },
  },
  updatePost: {
    method: 'PUT',
    path: '/api/post/update/:postId',
    // Not 'owner': the same path takes anyone's reaction, and only the body (read after the
    // guard) says which; the service checks the author of a change to the post itself.
    audience: 'signed-in',
    tags,
    summary: "React to a post (target 'likes') or, as its author, change it (target 'post')",
    description:
      "target 'likes', update { like: { name, emoji } }: the signed-in user's reaction (like.owner, " +
      'when sent, must be them). The same reaction again removes it, a different one replaces it, ' +
      'otherwise it is added (newest first in likes); one reaction per user and post, also under ' +
      'concurrent requests. Anyone who may see the post and its media may react (locked posts: 403). ' +
      "target 'post', update { description?, visibility?, price?, isReactionsOpen? }: the author " +
      'only (403 for others). The answer is the post as the caller now sees it.',
    params: ZPostIdParams,
    body: ZUpdatePostRequest,
    response: { 200: ZPostResponse, ...WRITE_REFUSALS },
  },
  deletePost: {
    method: 'DELETE',
    path: '/api/post/delete/:id',
    audience: 'owner',
    owner: {
      itemParam: 'id',
      kind: 'post',
      notFound: POST_MESSAGES.postNotFound,
      notYours: POST_MESSAGES.onlyAuthorDeletes,
    },
    tags,
    summary: 'Delete a post of yours with its reactions and its photo or video',
    description:
      'id is the postId. Only the author deletes (403 for others); 404 when there is no such post.',
    params: ZIdParams,
    response: { 200: ZDeletePostResponse, ...WRITE_REFUSALS },
  },
  getPost: {
    method: 'GET',
    path: '/api/post/fetch-post/:id',
    audience: 'anyone',
    tags,
    summary: 'One post by its postId (the single post page)',
    description: `id is the postId. ${ACCESS} A blocked author's post, or one whose media is still processing (for anyone but its author), answers 404 like a missing one.`,
    params: ZIdParams,
    response: { 200: ZPostResponse, ...readRefusals },
  },
  listNewestPosts: {
    method: 'GET',
    path: '/api/post/fetch-posts/:limit',
    audience: 'anyone',
    tags,
    summary: 'The newest public posts of every creator',
    description: `limit is the page size (1..${POST_PAGE_MAX}); ?cursor= pages on. ${PAGING} ${ACCESS}`,
    params: ZLimitParams,
    querystring: ZCursorOnlyQuery,
    response: { 200: ZPostsPage, ...readRefusals },
  },
  listCreatorPosts: {
    method: 'GET',
    path: '/api/post/fetch-all/:x',
    audience: 'anyone',
    tags,
    summary: "A creator's posts (their profile)",
    description: `x is the creator's username, with or without '@'; ?cursor= and ?limit= page on. ${PAGING} ${ACCESS} An unknown or blocked creator answers 404.`,
    params: ZCreatorPostsParams,
    querystring: ZPostPageQuery,
    response: { 200: ZPostsPage, ...readRefusals },
  },
  listOwnPosts: {
    method: 'GET',
    path: '/api/post/fetch-own-posts/:a/:b',
    audience: 'signed-in',
    tags,
    summary: "The signed-in creator's own posts (creator studio), every visibility and state",
    description: `a is the cursor ('0' for the first page, then nextCursor), b the page size (1..${POST_PAGE_MAX}). ${PAGING} Media still processing or failed is included, with its status.`,
    params: ZOwnPostsParams,
    response: { 200: ZPostsPage, ...readRefusals },
  },
  listPurchasedPosts: {
    method: 'GET',
    path: '/api/post/fetch-purchased-posts/:x',
    audience: 'signed-in',
    tags,
    summary: 'Posts the signed-in user unlocked, the newest unlock first',
    description: `x is the cursor ('0' for the first page, then nextCursor). Newest unlock first, ${POST_PAGE_SIZE} to a page; pass nextCursor back for the next page (null at the end). Posts deleted since, or of creators blocked either way, are left out, so a page may hold fewer.`,
    params: ZPurchasedPostsParams,
    response: { 200: ZPostsPage, ...readRefusals },
  },
  listFeed: {
    method: 'GET',
    path: '/api/feed',
    audience: 'signed-in',
    tags,
    summary: 'The home feed: posts of the creators the signed-in user follows',
    description: `${PAGING} ${ACCESS}`,
    querystring: ZPostPageQuery,
    response: { 200: ZPostsPage, ...readRefusals },
  },
});
