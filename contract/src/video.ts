import { z } from 'zod';
import { WRITE_REFUSALS, ZErrorResponse } from './errors.ts';
import {
  createLibraryIdSchema,
  MEDIA_LIBRARY_MESSAGES,
  ZLibraryCursor,
  ZLibraryMessageResponse,
  ZLibraryUsernameParam,
  ZPublicIdBody,
  ZReactionValue,
} from './media-library.ts';
import {
  checkUnlockPrice,
  POST_VISIBILITIES,
  REACTION_KINDS,
  ZAssetReference,
  ZPostAuthor,
  ZReactionCounts,
  ZUnlockPrice,
} from './posts.ts';
import { defineRoutes } from './routes.ts';
import { LOCK_REASONS } from './unlocks.ts';

/**
 * The video library (issue 26, decision 025): stand-alone videos and series of episodes,
 * streamed in HLS, with the spec's video paths word for word. A video and a series are
 * items (kinds 'video' and 'series'); an episode is a video whose parent is its series, at
 * a position from 1. Each is everyone's, pass holders' or sold on its own; a series sold
 * as a whole opens every episode through the parent.
 */

export const VIDEO_ID_LENGTH = 16;
export const VIDEO_TITLE_MAX_LENGTH = 120;
export const VIDEO_DESCRIPTION_MAX_LENGTH = 2000;
/** Lists (the profile's Videos tab, a creator's videos, related, discover): 12 a page. */
export const VIDEO_PAGE_SIZE = 12;
/** Episodes in one series: the watch page lists them all. */
export const SERIES_MAX_EPISODES = 200;
/** delete-many takes at most this many videos at once. */
export const DELETE_MANY_MAX = 50;
/** The server-cut preview a viewer without access gets. */
export const VIDEO_PREVIEW_SECONDS = 30;
/** A view counts once a viewer has watched this long (or the whole of a shorter video). */
export const VIEW_COUNTS_AFTER_SECONDS = 10;
/** A viewer completed a video when they reached this share of it. */
export const COMPLETED_AT_SHARE = 0.9;
/** The spec's skip buttons and playback rates. */
export const SKIP_BACK_SECONDS = 10;
export const SKIP_FORWARD_SECONDS = 30;
export const PLAYBACK_RATES = [5, 2, 1, 0.5, 0.1] as const;

export const VIDEO_TYPES = ['video', 'series'] as const;
export type TVideoType = (typeof VIDEO_TYPES)[number];

export const VIDEO_MESSAGES = {
  ...MEDIA_LIBRARY_MESSAGES,
  titleRequired: 'Give the video a title.',
  titleTooLong: `A title has at most ${VIDEO_TITLE_MAX_LENGTH} characters.`,
  descriptionTooLong: `A description has at most ${VIDEO_DESCRIPTION_MAX_LENGTH} characters.`,
  videoRequired: 'Choose a video file.',
  seriesHasNoFile: 'A series has no video file of its own: add episodes to it.',
  notAVideo: 'This file is not a video: choose an MP4, MOV, WebM or MKV file.',
  assetInUse: 'This upload is already used by another post, track or video.',
  videoFailed: 'This video could not be processed. Upload another one.',
  priceRequired: 'Set a price for a pay-to-unlock video.',
  priceOnlyWhenPaid: 'Only pay-to-unlock videos have a price.',
  idTaken: 'This videoId is already used.',
  notFound: 'This video does not exist.',
  seriesNotFound: 'This series does not exist, or is not yours.',
  notASeries: 'Episodes go into a series, not into a video.',
  seriesInSeries: 'A series cannot be an episode of another series.',
  seriesFull: `A series has at most ${SERIES_MAX_EPISODES} episodes.`,
  positionRange: 'This position is outside the series.',
  notAnEpisode: 'This video is not in a series.',
  invalidVideoId: 'This is not a videoId.',
  authorOnly: 'Only the author of this video can do this.',
  publicIdMismatch: "This public_id is not this video's file.",
  assetNotOnVideo: 'This public_id is not a file of this video.',
  videoAssetNeeded: 'A video needs its video file: delete the video instead.',
  nothingToUpdate: 'Say what to change.',
  videoDeleted: 'The video has been deleted.',
  seriesDeleted: (episodes: number) =>
    episodes === 0
      ? 'The series has been deleted.'
      : `The series and its ${episodes} episode${episodes === 1 ? '' : 's'} have been deleted.`,
  manyDeleted: (count: number) => `${count} video${count === 1 ? '' : 's'} deleted.`,
  lockedReaction: 'Unlock this video to react to it.',
  viewValue: 'value is the seconds watched since the last report: a number from 0 to 600.',
  positionValue: 'position is where the player is, in seconds.',
  deleteManyIds: `Choose between 1 and ${DELETE_MANY_MAX} videos.`,
} as const;

// ── The video ───────────────────────────────────────────────────────────────

export const ZVideoId = createLibraryIdSchema(VIDEO_MESSAGES.invalidVideoId);
export const VIDEO_VISIBILITIES = POST_VISIBILITIES;
export type TVideoVisibility = (typeof VIDEO_VISIBILITIES)[number];

/** One quality a fan may choose, with what it costs them in data. */
export const ZVideoRendition = z.object({
  /** '240p', '360p', '720p', or 'audio' (sound only). */
  name: z.string(),
  height: z.number().int().nullable(),
  /** What a minute of it downloads (video and sound), in bytes. */
  bytesPerMinute: z.number().int().nonnegative(),
  /** What the whole video downloads at this quality, in bytes. */
  bytes: z.number().int().nonnegative(),
});
export type TVideoRendition = z.infer<typeof ZVideoRendition>;

/**
 * How the viewer plays the video. The stream's addresses carry a token for the video's
 * folder (decision 025): given only to a viewer with full access; everyone else gets the
 * preview. Processing: every address is null.
 */
export const ZVideoStream = z.object({
  /** The master playlist of the ladder (HLS, fMP4); null without full access or while processing. */
  master_url: z.string().nullable(),
  /** The sound-only rendition's playlist, for "audio only"; null without one. */
  audio_only_url: z.string().nullable(),
  /** WebVTT cues of the seek bar's thumbnail strip. */
  thumbnails_url: z.string().nullable(),
  /** The first 30 seconds, a progressive MP4 of its own: for viewers without access. */
  preview_url: z.string().nullable(),
  poster_url: z.string().nullable(),
  /** A tiny blurred picture to show while the poster loads. */
  placeholder_url: z.string().nullable(),
  /** Seconds of the whole video (null while processing). */
  duration: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The qualities, lowest first, with their data cost. */
  renditions: z.array(ZVideoRendition),
  /** When the addresses stop working; the player reads the video again before then. */
  expiresAt: z.string().nullable(),
});
export type TVideoStream = z.infer<typeof ZVideoStream>;

export const ZVideoSeriesPlace = z.object({
  _id: z.string(),
  title: z.string(),
  /** The episode's place, from 1. */
  position: z.number().int().positive(),
});

export const ZVideo = z
  .object({
    /** The videoId. */
    _id: z.string(),
    /** The spec's type: a series has episodes. */
    type: z.enum(VIDEO_TYPES),
    title: z.string(),
    description: z.string(),
    createdAt: z.string(),
    author: ZPostAuthor,
    visibility: z.enum(VIDEO_VISIBILITIES),
    /** Integer ngwee for pay-to-unlock; null otherwise. */
    price: z.number().int().nullable(),
    profileInteraction: z.enum(['AUTHOR', 'GUEST']),
    /** The viewer may watch it whole: the author, a public video, an active pass, an unlock of it or of its series. */
    hasPaid: z.boolean(),
    /** Not hasPaid: which modal opens it (join-to-unlock or unlock-exclusive-content). */
    lockReason: z.enum(LOCK_REASONS).nullable(),
    /** 'processing' and 'failed' are shown to the author only. */
    status: z.enum(['processing', 'ready', 'failed']),
    /** 0–100 while processing, for the author. */
    processingProgress: z.number().int().min(0).max(100),
    /** Why processing failed, for the author only. */
    failureReason: z.string().nullable(),
    /** The series an episode belongs to; null for a stand-alone video and for a series. */
    series: ZVideoSeriesPlace.nullable(),
    /** A series: its episodes the viewer may see; 0 for a video. */
    episodesCount: z.number().int().nonnegative(),
    /**
     * Its cover photo's address, if the creator chose one (cover_asset); a series without one
     * shows its first episode's poster here.
     */
    cover_url: z.string().nullable(),
    /**
     * The uploads it is made of, as create named them, for its author only (null for anyone
     * else): what delete_video and delete_asset take as public_id. A series has no file.
     */
    video_asset: ZAssetReference.nullable(),
    cover_asset: ZAssetReference.nullable(),
    /** A video's stream; a series' is null (its episodes have theirs). */
    stream: ZVideoStream.nullable(),
    reactionCounts: ZReactionCounts,
    viewerReaction: z.enum(REACTION_KINDS).nullable(),
    /** Views counted (once per viewer and day). */
    views: z.number().int().nonnegative(),
  })
  .meta({ id: 'Video' });
export type TVideo = z.infer<typeof ZVideo>;

// ── Create and update ───────────────────────────────────────────────────────

const ZTitle = z
  .string(VIDEO_MESSAGES.titleRequired)
  .trim()
  .min(1, VIDEO_MESSAGES.titleRequired)
  .max(VIDEO_TITLE_MAX_LENGTH, VIDEO_MESSAGES.titleTooLong);
const ZDescription = z.string().trim().max(VIDEO_DESCRIPTION_MAX_LENGTH, VIDEO_MESSAGES.descriptionTooLong);

export const ZCreateVideoRequest = z
  .object({
    /** Optional: the server makes one. A repeat with the same id is the same video. */
    videoId: ZVideoId.optional(),
    type: z.enum(VIDEO_TYPES).default('video'),
    title: ZTitle,
    description: ZDescription.default(''),
    /** A video's uploaded file (purpose post; it may still be processing). None for a series. */
    video_asset: ZAssetReference.nullish(),
    /** A cover photo (purpose post): a series' picture, or a video's own poster. */
    cover_asset: ZAssetReference.nullish(),
    /** Makes the video an episode of this series of the creator's, at its end. */
    seriesId: ZVideoId.nullish(),
    visibility: z.enum(VIDEO_VISIBILITIES).default('everyone'),
    price: ZUnlockPrice.nullish(),
  })
  .superRefine((video, context) => {
    checkUnlockPrice(video, context, VIDEO_MESSAGES);
    if (video.type === 'video' && !video.video_asset) {
      context.addIssue({ code: 'custom', path: ['video_asset'], message: VIDEO_MESSAGES.videoRequired });
    }
    if (video.type === 'series' && video.video_asset) {
      context.addIssue({ code: 'custom', path: ['video_asset'], message: VIDEO_MESSAGES.seriesHasNoFile });
    }
    if (video.type === 'series' && video.seriesId) {
      context.addIssue({ code: 'custom', path: ['seriesId'], message: VIDEO_MESSAGES.seriesInSeries });
    }
  });
export type TCreateVideoRequest = z.input<typeof ZCreateVideoRequest>;

/**
 * The edit (and edit-episode) modal: what is given changes, the rest stays. seriesId moves
 * a video into a series of the creator's (at its end), or out of one with null; position
 * moves an episode within its series (the others shift).
 */
export const ZUpdateVideoRequest = z
  .object({
    videoId: ZVideoId,
    title: ZTitle.optional(),
    description: ZDescription.optional(),
    visibility: z.enum(VIDEO_VISIBILITIES).optional(),
    price: ZUnlockPrice.nullish(),
    seriesId: ZVideoId.nullish(),
    position: z.number(VIDEO_MESSAGES.positionRange).int(VIDEO_MESSAGES.positionRange).min(1).optional(),
  })
  .superRefine((update, context) => {
    checkUnlockPrice(update, context, VIDEO_MESSAGES);
    const { videoId: _id, ...changes } = update;
    if (Object.values(changes).every((value) => value === undefined)) {
      context.addIssue({ code: 'custom', path: [], message: VIDEO_MESSAGES.nothingToUpdate });
    }
  });
export type TUpdateVideoRequest = z.input<typeof ZUpdateVideoRequest>;

export const ZVideoResponse = z.object({ success: z.literal(true), video: ZVideo });
export type TVideoResponse = z.infer<typeof ZVideoResponse>;

// ── Lists ───────────────────────────────────────────────────────────────────

export const ZCreatorVideosParams = z.object({ a: ZLibraryUsernameParam, b: ZLibraryCursor });
export const ZRelatedVideosParams = z.object({ a: ZVideoId.meta({ title: 'videoId' }), b: ZLibraryCursor });
export const ZDiscoverParams = z.object({ x: ZLibraryCursor });

export const ZVideosPage = z
  .object({
    success: z.literal(true),
    videos: z.array(ZVideo),
    /** Pass as the cursor for the next page; null at the end. */
    nextPage: z.string().nullable(),
  })
  .meta({ id: 'VideosPage' });
export type TVideosPage = z.infer<typeof ZVideosPage>;

// ── Watching ────────────────────────────────────────────────────────────────

export const ZVideoIdParams = z.object({ id: ZVideoId.meta({ title: 'videoId' }) });
export const ZWatchParams = z.object({ x: ZVideoId.meta({ title: 'videoId' }) });

export const ZWatchResponse = z
  .object({
    success: z.literal(true),
    /** The video to play: the one asked for, or for a series the episode to go on with. */
    video: ZVideo,
    /** Its series with every episode the viewer may see, in order; null for a stand-alone video. */
    series: ZVideo.extend({ episodes: z.array(ZVideo) }).nullable(),
    /** The episode after this one (the player starts it at the end); null at the last. */
    nextEpisodeId: z.string().nullable(),
    /** Where the signed-in viewer stopped, in seconds (0 to start at the beginning). */
    resumeAt: z.number().nonnegative(),
  })
  .meta({ id: 'WatchVideo' });
export type TWatchResponse = z.infer<typeof ZWatchResponse>;

// ── Performance, deleting ───────────────────────────────────────────────────

export const ZVideoPerformance = z.object({
  videoId: z.string(),
  /** Views counted, each viewer at most once a day. */
  views: z.number().int().nonnegative(),
  /** Different viewers who ever watched it. */
  viewers: z.number().int().nonnegative(),
  /** Seconds watched by everyone. */
  watchSeconds: z.number().int().nonnegative(),
  /** Share of views that reached 90 % of the video, 0–1. */
  completionRate: z.number().min(0).max(1),
  reactions: ZReactionCounts,
  /** Fans who unlocked it (for a series: the series as a whole). */
  unlocks: z.number().int().nonnegative(),
  /** What its unlocks earned the creator, after the platform's fee, in ngwee. */
  earnings: z.number().int().nonnegative(),
  /** Per UTC day, the last 30 days, oldest first. */
  byDay: z.array(
    z.object({
      day: z.string(),
      views: z.number().int().nonnegative(),
      watchSeconds: z.number().int().nonnegative(),
    }),
  ),
});
export type TVideoPerformance = z.infer<typeof ZVideoPerformance>;
export const ZVideoPerformanceResponse = z.object({
  success: z.literal(true),
  performance: ZVideoPerformance,
});
export type TVideoPerformanceResponse = z.infer<typeof ZVideoPerformanceResponse>;

export const ZDeleteVideoParams = z.object({
  a: ZLibraryUsernameParam,
  b: ZVideoId.meta({ title: 'videoId' }),
});
export { ZPublicIdBody };
export const DELETE_MANY_QUERY_KEYS = ['profile_videos', 'fetch_videos'] as const;
export const ZDeleteManyParams = z.object({
  id: ZLibraryUsernameParam,
  queryKey: z.enum(DELETE_MANY_QUERY_KEYS),
});
export const ZDeleteManyBody = z.object({
  videoIds: z
    .array(ZVideoId, VIDEO_MESSAGES.deleteManyIds)
    .min(1, VIDEO_MESSAGES.deleteManyIds)
    .max(DELETE_MANY_MAX, VIDEO_MESSAGES.deleteManyIds),
});
export type TDeleteManyBody = z.infer<typeof ZDeleteManyBody>;
export const ZVideoMessageResponse = ZLibraryMessageResponse;
export type TVideoMessageResponse = z.infer<typeof ZVideoMessageResponse>;
export const ZDeleteManyResponse = ZVideoMessageResponse.extend({
  /** The videos deleted (series with their episodes). */
  deleted: z.array(z.string()),
  /** The list the client refreshes, as given. */
  queryKey: z.enum(DELETE_MANY_QUERY_KEYS),
});
export type TDeleteManyResponse = z.infer<typeof ZDeleteManyResponse>;

// ── Reactions, views and where the viewer is ───────────────────────────────

export const ZVideoReactionValue = ZReactionValue;
export const ZVideoReactionParams = z.object({
  id: ZVideoId.meta({ title: 'videoId' }),
  kind: z.literal('likes'),
  value: ZVideoReactionValue,
});
export const ZVideoViewParams = z.object({
  id: ZVideoId.meta({ title: 'videoId' }),
  kind: z.literal('video_views'),
});
export const ZVideoViewBody = z.object({
  /** Seconds watched since the player's last report (at most 10 minutes). */
  value: z
    .number(VIDEO_MESSAGES.viewValue)
    .min(0, VIDEO_MESSAGES.viewValue)
    .max(600, VIDEO_MESSAGES.viewValue),
  /** Where the player is now, in seconds: the viewer resumes here (signed in, on any device). */
  position: z
    .number(VIDEO_MESSAGES.positionValue)
    .min(0, VIDEO_MESSAGES.positionValue)
    .max(86_400, VIDEO_MESSAGES.positionValue),
});
export type TVideoViewBody = z.infer<typeof ZVideoViewBody>;

export const ZVideoReactionsResponse = z.object({
  success: z.literal(true),
  videoId: z.string(),
  reactionCounts: ZReactionCounts,
  viewerReaction: z.enum(REACTION_KINDS).nullable(),
  views: z.number().int().nonnegative(),
  /** For video_views: whether this call counted a view (false when already counted today, or too short so far). */
  counted: z.boolean(),
});
export type TVideoReactionsResponse = z.infer<typeof ZVideoReactionsResponse>;

// ── Routes: the spec's video paths (section 7, "Video"), decision 025 ──────

const tags = ['video'];
const PAGING =
  "Keyset-paged: the cursor is '0' for the first page, then the answer's nextPage (opaque; null at the end).";
const ACCESS =
  'A video is watched whole (hasPaid, and stream.master_url with a folder token) by its author, by everyone ' +
  'when public, by holders of an active pass to its creator when for subscribers, and by those who unlocked ' +
  'it or its series when pay-to-unlock; anyone else gets stream.preview_url (a separate 30-second file), ' +
  "no token, and lockReason. Videos still processing or failed are shown to their author only; blocked creators' never.";

export const videoRoutes = defineRoutes({
  createVideo: {
    method: 'POST',
    path: '/api/video/create',
    audience: 'creator',
    tags,
    summary: 'Publish a video, an episode of a series, or a series, as the signed-in creator',
    description:
      "type 'video' needs video_asset (the creator's own upload, POST /api/media/upload?purpose=post; it may " +
      "still be processing: the video is then shown to its author only, with its progress). type 'series' " +
      'has no file; episodes are videos created with its seriesId, placed at its end. price (integer ngwee) ' +
      'is required exactly for pay-to-unlock; a pay-to-unlock series sells all its episodes at once. A repeat ' +
      'with the same videoId answers the video with 200 (201 when made now). Creators only.',
    body: ZCreateVideoRequest,
    response: { 200: ZVideoResponse, 201: ZVideoResponse, ...WRITE_REFUSALS },
  },
  updateVideo: {
    method: 'POST',
    path: '/api/video/update-video',
    audience: 'creator',
    tags,
    summary: 'Edit a video or an episode (the edit-episode modal): title, description, access, series, order',
    description:
      'Only what is given changes. seriesId moves a video into a series of the same creator (at its end) or, ' +
      'null, out of it; position (from 1) moves an episode within its series, the others shifting to make ' +
      'room. visibility and price change the terms for fans from now on; unlocks already bought stay. The author only.',
    body: ZUpdateVideoRequest,
    response: { 200: ZVideoResponse, ...WRITE_REFUSALS },
  },
  listProfileVideos: {
    method: 'GET',
    path: '/api/video/profile_videos/:a/:b',
    audience: 'anyone',
    tags,
    summary: "A creator's stand-alone videos and series, newest first (the profile's Videos tab)",
    description: `a is the creator's username, with or without '@'. b is the cursor. ${PAGING} ${VIDEO_PAGE_SIZE} a page. Episodes are listed in their series, not here. ${ACCESS}`,
    params: ZCreatorVideosParams,
    response: { 200: ZVideosPage, 400: ZErrorResponse, 404: ZErrorResponse },
  },
  listUserVideos: {
    method: 'GET',
    path: '/api/video/fetch_videos/:a/:b',
    audience: 'anyone',
    tags,
    summary:
      "Every video of a creator, episodes included, newest first (the author's manage list, and 'more from')",
    description: `a is the creator's username. b is the cursor. ${PAGING} ${VIDEO_PAGE_SIZE} a page. To the author it also lists videos still processing and those that failed, with their progress and reason. ${ACCESS}`,
    params: ZCreatorVideosParams,
    response: { 200: ZVideosPage, 400: ZErrorResponse, 404: ZErrorResponse },
  },
  getVideoToWatch: {
    method: 'GET',
    path: '/api/video/fetch-to-watch/:x',
    audience: 'anyone',
    tags,
    summary: 'A video to watch, with its series, its episodes, the next episode and where the viewer stopped',
    description: `x is a videoId: a video, an episode, or a series (which answers the episode the viewer was watching, or its first). ${ACCESS}`,
    params: ZWatchParams,
    response: { 200: ZWatchResponse, 400: ZErrorResponse, 404: ZErrorResponse },
  },
  discoverVideos: {
    method: 'GET',
    path: '/api/video/discover/:x',
    audience: 'anyone',
    tags,
    summary: 'New and rising videos from creators the viewer does not follow yet',
    description: `x is the page: '0' for the first, then the answer's nextPage. ${VIDEO_PAGE_SIZE} a page, ranked by views for their age over the last 90 days (a video may move between pages as it is watched; the client drops repeats). Followed and blocked creators (either way) and the viewer's own videos never appear. ${ACCESS}`,
    params: ZDiscoverParams,
    response: { 200: ZVideosPage, 400: ZErrorResponse },
  },
  getVideo: {
    method: 'GET',
    path: '/api/video/fetch_video/:id',
    audience: 'anyone',
    tags,
    summary: 'One video or series, as the viewer may see it',
    description: `id is the videoId. ${ACCESS}`,
    params: ZVideoIdParams,
    response: { 200: ZVideoResponse, 400: ZErrorResponse, 404: ZErrorResponse },
  },
  listRelatedVideos: {
    method: 'GET',
    path: '/api/video/fetch_related_videos/:a/:b',
    audience: 'anyone',
    tags,
    summary: "Videos related to one: the same creator's first, then others' newest",
    description: `a is the videoId; b is the cursor. ${PAGING} ${VIDEO_PAGE_SIZE} a page. Its own series' episodes are left out (the watch page lists them). ${ACCESS}`,
    params: ZRelatedVideosParams,
    response: { 200: ZVideosPage, 400: ZErrorResponse, 404: ZErrorResponse },
  },
  getVideoPerformance: {
    method: 'GET',
    path: '/api/video/video-perfomance/:id',
    audience: 'signed-in',
    tags,
    summary: "A video's views, viewers, watch time, completion rate, unlocks and earnings; the author only",
    description:
      'id is the videoId. Read from the daily rollups kept as viewers watch. 403 for anyone but the author.',
    params: ZVideoIdParams,
    response: { 200: ZVideoPerformanceResponse, ...WRITE_REFUSALS },
  },
  deleteVideo: {
    method: 'POST',
    path: '/api/video/delete_video/:a/:b',
    audience: 'owner',
    owner: {
      itemParam: 'b',
      authorParam: 'a',
      kind: ['video', 'series'],
      notFound: VIDEO_MESSAGES.notFound,
      notYours: VIDEO_MESSAGES.authorOnly,
    },
    tags,
    summary: 'Delete a video (a series with its episodes) and its files',
    description:
      "a is the author's username; b is the videoId. public_id must be the video's file (for a series, its " +
      'videoId). The files leave the store. The author only.',
    params: ZDeleteVideoParams,
    body: ZPublicIdBody,
    response: { 200: ZVideoMessageResponse, ...WRITE_REFUSALS },
  },
  deleteManyVideos: {
    method: 'POST',
    path: '/api/video/delete-many/:id/:queryKey',
    audience: 'creator',
    tags,
    summary: 'Delete several of the author’s videos at once',
    description: `id is the author's username; queryKey the list the selection was made in (${DELETE_MANY_QUERY_KEYS.join(', ')}), answered back so the client refreshes it. Body: videoIds, 1 to ${DELETE_MANY_MAX}; all are the author's or none is deleted.`,
    params: ZDeleteManyParams,
    body: ZDeleteManyBody,
    response: { 200: ZDeleteManyResponse, ...WRITE_REFUSALS },
  },
  deleteVideoAsset: {
    method: 'POST',
    path: '/api/video/delete_asset/:id',
    audience: 'owner',
    owner: {
      itemParam: 'id',
      kind: ['video', 'series'],
      notFound: VIDEO_MESSAGES.notFound,
      notYours: VIDEO_MESSAGES.authorOnly,
    },
    tags,
    summary: "Remove a video's cover photo",
    description:
      "id is the videoId; public_id its cover photo, which leaves the video and the store. The video's own file is refused (409: delete the video instead). The author only.",
    params: ZVideoIdParams,
    body: ZPublicIdBody,
    response: { 200: ZVideoMessageResponse, ...WRITE_REFUSALS },
  },
  setVideoReaction: {
    method: 'PUT',
    path: '/api/video/video_reactions/:id/:kind/:value',
    audience: 'signed-in',
    tags,
    summary: "Set the viewer's reaction to a video (kind 'likes')",
    description:
      'value is love, haha, wow, angry, sad, or none; it sets rather than toggles, so a repeat is harmless. Viewers without full access get 403.',
    params: ZVideoReactionParams,
    response: { 200: ZVideoReactionsResponse, ...WRITE_REFUSALS },
  },
  reportVideoView: {
    method: 'PUT',
    path: '/api/video/video_reactions/:id/:kind',
    audience: 'anyone',
    tags,
    summary: "Report watching (kind 'video_views'): watch time, a view, and where the viewer is",
    description: `Body: value, seconds watched since the last report; position, where the player is. A view counts once per viewer and UTC day after ${VIEW_COUNTS_AFTER_SECONDS} s watched (or all of a shorter video or preview); a signed-in viewer resumes at position on any device.`,
    params: ZVideoViewParams,
    body: ZVideoViewBody,
    response: { 200: ZVideoReactionsResponse, ...WRITE_REFUSALS },
  },
});
