import { z } from 'zod';
import { WRITE_REFUSALS, ZErrorResponse } from './errors.ts';
import { ZImageAsset } from './media.ts';
import {
  createLibraryIdSchema,
  MEDIA_LIBRARY_MESSAGES,
  type TPublicIdBody,
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
  ZPost,
  ZPostAuthor,
  ZReactionCounts,
  ZUnlockPrice,
} from './posts.ts';
import { defineRoutes } from './routes.ts';
import { LOCK_REASONS } from './unlocks.ts';

/**
 * Audio tracks (issue 17, decision 020): a music artist's songs and a podcaster's episodes,
 * with the spec's audio paths word for word. A track is everyone's, pass holders', or sold
 * on its own (pay-to-unlock) like a post; whoever may not hear it in full gets the 30-second
 * preview, a file of its own cut on the server.
 */

export const AUDIO_ID_LENGTH = 16;
export const AUDIO_TITLE_MAX_LENGTH = 120;
/** The profile's Audio tab and the player's list: 10 a page (the spec's 10 skeletons). */
export const AUDIO_PAGE_SIZE = 10;
/** The spec's preview limit for listeners who have not paid. */
export const AUDIO_PREVIEW_SECONDS = 30;
/** A play counts once a listener has heard this much (or the whole of a shorter track or preview). */
export const PLAY_COUNTS_AFTER_SECONDS = 30;

/**
 * Genres, grouped by the creator categories they fit (contract/src/auth.ts): a music artist
 * picks a music genre, a podcaster or educator a spoken one. Every creator may pick any.
 */
export const AUDIO_GENRE_GROUPS = {
  Music: [
    'Afrobeats',
    'Amapiano',
    'Gospel',
    'Hip hop',
    'Kalindula',
    'Zamrock',
    'R&B and soul',
    'Pop',
    'Reggae and dancehall',
    'Jazz',
    'Rock',
    'Electronic',
    'Traditional',
    'Classical',
  ],
  'Podcasts and spoken word': [
    'Talk and interviews',
    'News and politics',
    'Comedy',
    'Education',
    'Business and startups',
    'Faith',
    'Stories and poetry',
    'Sport',
  ],
} as const;
export const AUDIO_GENRES = Object.values(AUDIO_GENRE_GROUPS).flat() as readonly TAudioGenre[];
export type TAudioGenre = (typeof AUDIO_GENRE_GROUPS)[keyof typeof AUDIO_GENRE_GROUPS][number];

/**
 * The variants media processing makes of an audio upload (server/src/modules/media/processing):
 * 'audio' the loudness-normalised AAC rendition (128 kb/s), 'audio-lite' the data-saver one
 * (AAC, at most 64 kb/s), 'preview' the first 30 seconds as a file of its own, 'waveform'
 * the peaks for the seek bar as JSON ({ peaks: number[] }, each 0..1). The uploaded
 * 'original' is never served to listeners.
 */
export const AUDIO_VARIANTS = {
  full: 'audio',
  dataSaver: 'audio-lite',
  preview: 'preview',
  waveform: 'waveform',
} as const;

export const AUDIO_MESSAGES = {
  ...MEDIA_LIBRARY_MESSAGES,
  titleRequired: 'Give the track a title.',
  titleTooLong: `A title has at most ${AUDIO_TITLE_MAX_LENGTH} characters.`,
  genreRequired: 'Choose a genre.',
  audioRequired: 'Choose an audio file.',
  notAnAudio: 'This file is not an audio file: choose an MP3, M4A, OGG, WAV or FLAC file.',
  assetInUse: 'This upload is already used by another post or track.',
  audioFailed: 'This audio file could not be processed. Upload another one.',
  priceRequired: 'Set a price for a pay-to-unlock track.',
  priceOnlyWhenPaid: 'Only pay-to-unlock tracks have a price.',
  idTaken: 'This audioId is already used.',
  notFound: 'This track does not exist.',
  invalidAudioId: 'This is not an audioId.',
  authorOnly: 'Only the author of this track can do this.',
  publicIdMismatch: "This public_id is not this track's audio file.",
  assetNotOnTrack: 'This public_id is not a file of this track.',
  audioAssetNeeded: 'A track needs its audio file: delete the track instead.',
  trackDeleted: 'The track has been deleted.',
  lockedReaction: 'Unlock this track to react to it.',
  playValue: 'value is the seconds listened: a number from 0 to 86400.',
  feedNeedsPass: 'Podcast feeds are for holders of an active pass.',
} as const;

// ── The track ───────────────────────────────────────────────────────────────

export const ZAudioId = createLibraryIdSchema(AUDIO_MESSAGES.invalidAudioId);
export const AUDIO_VISIBILITIES = POST_VISIBILITIES;
export type TAudioVisibility = (typeof AUDIO_VISIBILITIES)[number];

/** The spec's audio_asset, with the data-saver and preview files and where processing stands. */
export const ZAudioAsset = z.object({
  public_id: z.string(),
  /**
   * The full rendition: only for a listener who may hear the whole track (hasPaid or the
   * author); null for everyone else, and while processing.
   */
  secure_url: z.string().nullable(),
  /** The data-saver rendition (at most 64 kb/s), under the same rule as secure_url. */
  data_saver_url: z.string().nullable(),
  /** The first 30 seconds, a file of its own: for everyone who may see the track. */
  preview_url: z.string().nullable(),
  /** The seek bar's peaks: { peaks: number[] } as JSON. */
  waveform_url: z.string().nullable(),
  /** Seconds of the whole track (null while processing). */
  duration: z.number().nullable(),
  /** Seconds of the preview file (at most 30). */
  preview_duration: z.number().nullable(),
  status: z.enum(['processing', 'ready', 'failed']),
  /** Why processing failed, for the author only. */
  failureReason: z.string().nullable(),
});

export const ZAudio = z
  .object({
    audioId: z.string(),
    title: z.string(),
    genre: z.string(),
    createdAt: z.string(),
    author: ZPostAuthor,
    /** The cover art (the spec's cover_asset.public_id): secure_url is its 512 px square; null without one. */
    cover_asset: ZImageAsset.extend({ placeholder_url: z.string().nullable() }).nullable(),
    audio_asset: ZAudioAsset,
    visibility: z.enum(AUDIO_VISIBILITIES),
    /** Integer ngwee for pay-to-unlock tracks; null otherwise. */
    price: z.number().int().nullable(),
    /** AUTHOR when the viewer published the track (Share instead of unlock, full playback). */
    profileInteraction: z.enum(['AUTHOR', 'GUEST']),
    /** The viewer hears the whole track: the author, a public track, an active pass, or an unlock. */
    hasPaid: z.boolean(),
    /** Not hasPaid: which modal opens it (join-to-unlock or unlock-exclusive-content). */
    lockReason: z.enum(LOCK_REASONS).nullable(),
    reactionCounts: ZReactionCounts,
    /** The signed-in viewer's reaction; null when none (or signed out). */
    viewerReaction: z.enum(REACTION_KINDS).nullable(),
    /** Plays counted (once per listener and day). */
    plays: z.number().int().nonnegative(),
    /** When the signed addresses among the urls stop working; null when none is signed. */
    urlsExpireAt: z.string().nullable(),
  })
  .meta({ id: 'Audio' });
export type TAudio = z.infer<typeof ZAudio>;

// ── Create ──────────────────────────────────────────────────────────────────

export const ZCreateAudioRequest = z
  .object({
    /** Optional: the server makes one. A repeat with the same id is the same track. */
    audioId: ZAudioId.optional(),
    title: z
      .string(AUDIO_MESSAGES.titleRequired)
      .trim()
      .min(1, AUDIO_MESSAGES.titleRequired)
      .max(AUDIO_TITLE_MAX_LENGTH, AUDIO_MESSAGES.titleTooLong),
    genre: z.enum(AUDIO_GENRES as [TAudioGenre, ...TAudioGenre[]], AUDIO_MESSAGES.genreRequired),
    /** The uploaded cover photo (purpose post), or none. */
    cover_asset: ZAssetReference.nullish(),
    /** The uploaded audio file (purpose post); it may still be processing. */
    audio_asset: ZAssetReference,
    visibility: z.enum(AUDIO_VISIBILITIES).default('everyone'),
    price: ZUnlockPrice.nullish(),
  })
  .superRefine((track, context) => checkUnlockPrice(track, context, AUDIO_MESSAGES));
export type TCreateAudioRequest = z.input<typeof ZCreateAudioRequest>;

export const ZAudioResponse = z.object({ success: z.literal(true), audio: ZAudio });
export type TAudioResponse = z.infer<typeof ZAudioResponse>;

// ── Lists ───────────────────────────────────────────────────────────────────

export const ZCreatorAudiosParams = z.object({ a: ZLibraryUsernameParam, b: ZLibraryCursor });
export type TCreatorAudiosParams = z.infer<typeof ZCreatorAudiosParams>;
export const ZPlayerAudiosQuery = z.object({ initialAudioId: ZAudioId.optional() });
export type TPlayerAudiosQuery = z.infer<typeof ZPlayerAudiosQuery>;
export const ZRelatedAudiosParams = z.object({ a: ZAudioId.meta({ title: 'audioId' }), b: ZLibraryCursor });
export type TRelatedAudiosParams = z.infer<typeof ZRelatedAudiosParams>;

export const ZAudiosPage = z
  .object({
    success: z.literal(true),
    audios: z.array(ZAudio),
    /** Pass as the cursor for the next page; null at the end. */
    nextPage: z.string().nullable(),
  })
  .meta({ id: 'AudiosPage' });
export type TAudiosPage = z.infer<typeof ZAudiosPage>;

/** The player's list pages both ways from the track it was opened with. */
export const ZPlayerAudiosPage = ZAudiosPage.extend({
  /** Pass as the cursor for the creator's newer tracks, which come before these; null when there are none. */
  previousPage: z.string().nullable(),
}).meta({ id: 'PlayerAudiosPage' });
export type TPlayerAudiosPage = z.infer<typeof ZPlayerAudiosPage>;

export const ZCreatorVideosPage = z.object({
  success: z.literal(true),
  videos: z.array(ZPost),
  nextPage: z.string().nullable(),
});
export type TCreatorVideosPage = z.infer<typeof ZCreatorVideosPage>;

// ── One track, its figures, deleting ────────────────────────────────────────

export const ZAudioIdParams = z.object({ id: ZAudioId.meta({ title: 'audioId' }) });
export type TAudioIdParams = z.infer<typeof ZAudioIdParams>;

export const ZAudioPerformance = z.object({
  audioId: z.string(),
  /** Plays counted, each listener at most once a day. */
  plays: z.number().int().nonnegative(),
  /** Different listeners who ever played it. */
  listeners: z.number().int().nonnegative(),
  reactions: ZReactionCounts,
  /** Fans who unlocked it. */
  unlocks: z.number().int().nonnegative(),
  /** What its unlocks earned the creator, after the platform's fee, in ngwee. */
  earnings: z.number().int().nonnegative(),
  /** Plays per UTC day, the last 30 days, oldest first. */
  playsByDay: z.array(z.object({ day: z.string(), plays: z.number().int().nonnegative() })),
});
export type TAudioPerformance = z.infer<typeof ZAudioPerformance>;
export const ZAudioPerformanceResponse = z.object({
  success: z.literal(true),
  performance: ZAudioPerformance,
});
export type TAudioPerformanceResponse = z.infer<typeof ZAudioPerformanceResponse>;

export const ZDeleteAudioParams = z.object({
  a: ZLibraryUsernameParam,
  b: ZAudioId.meta({ title: 'audioId' }),
});
export type TDeleteAudioParams = z.infer<typeof ZDeleteAudioParams>;
export { type TPublicIdBody, ZPublicIdBody, ZReactionValue };
export const ZAudioMessageResponse = ZLibraryMessageResponse;
export type TAudioMessageResponse = z.infer<typeof ZAudioMessageResponse>;

// ── Reactions and plays ─────────────────────────────────────────────────────

export const AUDIO_REACTION_TARGETS = ['likes', 'audio_views'] as const;
export const ZAudioReactionParams = z.object({
  id: ZAudioId.meta({ title: 'audioId' }),
  kind: z.literal('likes'),
  value: ZReactionValue,
});
export const ZAudioViewParams = z.object({
  id: ZAudioId.meta({ title: 'audioId' }),
  kind: z.literal('audio_views'),
});
export const ZAudioViewBody = z.object({
  value: z
    .number(AUDIO_MESSAGES.playValue)
    .min(0, AUDIO_MESSAGES.playValue)
    .max(86_400, AUDIO_MESSAGES.playValue),
});
export type TAudioViewBody = z.infer<typeof ZAudioViewBody>;

export const ZAudioReactionsResponse = z.object({
  success: z.literal(true),
  audioId: z.string(),
  reactionCounts: ZReactionCounts,
  viewerReaction: z.enum(REACTION_KINDS).nullable(),
  plays: z.number().int().nonnegative(),
  /** For audio_views: whether this call counted a play (false when already counted today, or too short). */
  counted: z.boolean(),
});
export type TAudioReactionsResponse = z.infer<typeof ZAudioReactionsResponse>;

// ── Private podcast feeds (beyond the spec) ─────────────────────────────────

export const ZPodcastFeedParams = z.object({ username: ZLibraryUsernameParam });
export const ZPodcastFeedResponse = z.object({
  success: z.literal(true),
  /** The fan's own feed address: keep it private; it stops working when the pass ends. */
  feedUrl: z.string(),
  /** When the pass, and so the feed, ends. */
  expiresAt: z.string(),
});
export type TPodcastFeedResponse = z.infer<typeof ZPodcastFeedResponse>;
export const ZPodcastFeedTokenParams = z.object({ token: z.string().min(20).max(100) });

// ── Routes: the spec's audio paths (section 7, "Audio"), decision 020 ──────

const tags = ['audio'];
const PAGING =
  "Keyset-paged: b is the cursor, '0' for the first page, then the answer's nextPage (opaque; null at the end).";
const ACCESS =
  'A track is heard in full (hasPaid, secure_url and data_saver_url) by its author, by everyone when ' +
  'public, by holders of an active pass to its creator when for subscribers, and by those who unlocked ' +
  'it when pay-to-unlock; anyone else gets preview_url, a separate 30-second file, and lockReason. ' +
  "Tracks whose audio is still processing are shown to their author only; blocked creators' tracks never.";

export const audioRoutes = defineRoutes({
  createAudio: {
    method: 'POST',
    path: '/api/audio/create',
    audience: 'creator',
    tags,
    summary: 'Publish an audio track as the signed-in creator',
    description:
      "audio_asset and cover_asset name the creator's own uploads (POST /api/media/upload?purpose=post): an " +
      'audio file (MP3, M4A/AAC, OGG/Opus, WAV, FLAC), which may still be processing, and a photo. price ' +
      '(integer ngwee) is required exactly for pay-to-unlock. A repeat with the same audioId answers the ' +
      'track with 200 (201 when made now). Creators only.',
    body: ZCreateAudioRequest,
    response: { 200: ZAudioResponse, 201: ZAudioResponse, ...WRITE_REFUSALS },
  },
  listProfileAudios: {
    method: 'GET',
    path: '/api/audio/profile-audios/:a/:b',
    audience: 'anyone',
    tags,
    summary: "A creator's tracks, newest first (the profile's Audio tab)",
    description: `a is the creator's username, with or without '@'. ${PAGING} ${AUDIO_PAGE_SIZE} a page. ${ACCESS}`,
    params: ZCreatorAudiosParams,
    response: { 200: ZAudiosPage, 400: ZErrorResponse, 404: ZErrorResponse },
  },
  listPlayerAudios: {
    method: 'GET',
    path: '/api/audio/player-audios/:a/:b',
    audience: 'anyone',
    tags,
    summary: "The player's list: a creator's tracks newest first, around initialAudioId",
    description:
      "a is the creator's username. The tracks are in the profile's order (newest first). With initialAudioId " +
      "(404 when it is not the creator's), the first page (b '0') is the page around it: a few newer tracks, " +
      'that track, then older ones; nextPage continues with older tracks, previousPage with newer ones (a ' +
      "page of them again newest first, to put before what the client has). Without it, it is the profile's " +
      `list. ${PAGING} ${AUDIO_PAGE_SIZE} a page. ${ACCESS}`,
    params: ZCreatorAudiosParams,
    querystring: ZPlayerAudiosQuery,
    response: { 200: ZPlayerAudiosPage, 400: ZErrorResponse, 404: ZErrorResponse },
  },
  listCreatorVideos: {
    method: 'GET',
    path: '/api/audio/fetch_videos/:a/:b',
    audience: 'anyone',
    tags,
    summary: "A creator's video posts (the player page's 'more from' row)",
    description: `a is the creator's username. ${PAGING} Videos follow the posts' access rule.`,
    params: ZCreatorAudiosParams,
    response: { 200: ZCreatorVideosPage, 400: ZErrorResponse, 404: ZErrorResponse },
  },
  getAudio: {
    method: 'GET',
    path: '/api/audio/fetch-audio/:id',
    audience: 'anyone',
    tags,
    summary: 'One track, as the viewer may hear it',
    description: `id is the audioId. ${ACCESS}`,
    params: ZAudioIdParams,
    response: { 200: ZAudioResponse, 400: ZErrorResponse, 404: ZErrorResponse },
  },
  listRelatedAudios: {
    method: 'GET',
    path: '/api/audio/fetch_related_audios/:a/:b',
    audience: 'anyone',
    tags,
    summary: 'Tracks related to one: the same creator and genre first, then the same genre',
    description: `a is the audioId. ${PAGING} ${ACCESS}`,
    params: ZRelatedAudiosParams,
    response: { 200: ZAudiosPage, 400: ZErrorResponse, 404: ZErrorResponse },
  },
  getAudioPerformance: {
    method: 'GET',
    path: '/api/audio/audio-perfomance/:id',
    // Not 'owner': a read, refused as the access rule sees the track (404 for one hidden from
    // the caller: still processing, or of a creator who blocked them), where the owner guard
    // would answer 403 and so tell that it exists.
    audience: 'signed-in',
    tags,
    summary: "A track's plays, listeners, reactions, unlocks and earnings (its author only)",
    description: 'id is the audioId. Only its author may read it (403 for others).',
    params: ZAudioIdParams,
    response: { 200: ZAudioPerformanceResponse, ...WRITE_REFUSALS },
  },
  deleteAudio: {
    method: 'POST',
    path: '/api/audio/delete_audio/:a/:b',
    audience: 'owner',
    owner: {
      itemParam: 'b',
      authorParam: 'a',
      kind: 'audio',
      notFound: AUDIO_MESSAGES.notFound,
      notYours: AUDIO_MESSAGES.authorOnly,
    },
    tags,
    summary: 'Delete a track of yours with its files',
    description:
      "a is your username, b the audioId; the body's public_id must be the track's audio file. Reactions and " +
      'plays go with it; unlocks stay in the buyers’ history. Its author only.',
    params: ZDeleteAudioParams,
    body: ZPublicIdBody,
    response: { 200: ZAudioMessageResponse, ...WRITE_REFUSALS },
  },
  deleteAudioAsset: {
    method: 'POST',
    path: '/api/audio/delete_asset/:id',
    audience: 'owner',
    owner: {
      itemParam: 'id',
      kind: 'audio',
      notFound: AUDIO_MESSAGES.notFound,
      notYours: AUDIO_MESSAGES.authorOnly,
    },
    tags,
    summary: 'Remove one file of a track of yours (its cover)',
    description:
      "id is the audioId; public_id the cover's, which is removed from the track and the store. The audio file " +
      'itself is refused (409): delete the track instead. Its author only.',
    params: ZAudioIdParams,
    body: ZPublicIdBody,
    response: { 200: ZAudioMessageResponse, ...WRITE_REFUSALS },
  },
  reactToAudio: {
    method: 'PUT',
    path: '/api/audio/audio_reactions/:id/:kind/:value',
    audience: 'signed-in',
    tags,
    summary: "Set the signed-in listener's reaction to a track",
    description:
      "kind is 'likes'; value one of love, haha, wow, angry, sad, or none to take it back. Idempotent: the " +
      'reaction is set, not toggled. Listeners without full access may not react (403).',
    params: ZAudioReactionParams,
    response: { 200: ZAudioReactionsResponse, ...WRITE_REFUSALS },
  },
  countAudioPlay: {
    method: 'PUT',
    path: '/api/audio/audio_reactions/:id/:kind',
    audience: 'anyone',
    tags,
    summary: 'Report listening to a track (audio_views), counted once per listener a day',
    description:
      `kind is 'audio_views'; the body's value is the seconds listened. A play counts at ${PLAY_COUNTS_AFTER_SECONDS} s, ` +
      'or at the end of a shorter track or of the preview, once per listener, track and UTC day. Signed-out ' +
      'listeners count too (by a keyed hash of their address that is kept for the day only).',
    params: ZAudioViewParams,
    body: ZAudioViewBody,
    response: { 200: ZAudioReactionsResponse, ...WRITE_REFUSALS },
  },
  createPodcastFeed: {
    method: 'POST',
    path: '/api/audio/podcast-feeds/:username',
    audience: 'signed-in',
    tags,
    summary: "The signed-in fan's private podcast feed of a creator (pass holders)",
    description:
      "An RSS address for podcast apps with the creator's tracks, each enclosure a signed address that expires. " +
      'The same address comes back while the pass runs; it stops working when the pass ends. 403 without an ' +
      'active pass.',
    params: ZPodcastFeedParams,
    response: { 200: ZPodcastFeedResponse, ...WRITE_REFUSALS },
  },
  getPodcastFeed: {
    method: 'GET',
    path: '/api/audio/podcast-feed/:token',
    audience: 'anyone',
    tags,
    summary: 'A private podcast feed as RSS 2.0 with iTunes tags',
    description:
      'token is the unguessable part of the address from POST /api/audio/podcast-feeds/{username}. 404 once ' +
      'the pass has ended. Answers application/rss+xml (or the error JSON).',
    params: ZPodcastFeedTokenParams,
  },
});
