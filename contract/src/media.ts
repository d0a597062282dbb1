import { z } from 'zod';
import { ZErrorResponse } from './errors.ts';
import { defineRoutes } from './routes.ts';

/** Uploaded images and their variants, as the spec's imageAsset {public_id, secure_url}. */

export const ZImageAsset = z
  .object({
    public_id: z.string(),
    /** The main variant's address (the 256 px square for avatars). */
    secure_url: z.string(),
  })
  .meta({ id: 'ImageAsset' });
export type TImageAsset = z.infer<typeof ZImageAsset>;

/** avatar: an image made into squares at once; post: a photo, video or audio file processed in the background. */
export const MEDIA_PURPOSES = ['avatar', 'post'] as const;
export const MEDIA_KINDS = ['image', 'video', 'audio'] as const;
export type TMediaKind = (typeof MEDIA_KINDS)[number];
/** processing until the background job has made the variants; then ready, or failed with a reason. */
export const MEDIA_STATUSES = ['processing', 'ready', 'failed'] as const;
export type TMediaStatus = (typeof MEDIA_STATUSES)[number];

/** An upload is multipart/form-data with one file, in the field of this name. */
export const MEDIA_UPLOAD_FIELD = 'file';

export const ZMediaUploadQuery = z.object({
  /** What the file is for: decides the kinds accepted and the variants made. */
  purpose: z.enum(MEDIA_PURPOSES).default('avatar'),
});
export type TMediaUploadQuery = z.input<typeof ZMediaUploadQuery>;

export const ZMediaUploadResponse = z
  .object({
    public_id: z.string(),
    secure_url: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    format: z.literal('webp'),
    bytes: z.number().int(),
    /** Every variant by name: { avatar256: avatarUrl(id, 256), avatar64: avatarUrl(id, 64) }. */
    variants: z.record(z.string(), z.string()),
  })
  .meta({ id: 'MediaUploadResponse' });
export type TMediaUploadResponse = z.infer<typeof ZMediaUploadResponse>;

/**
 * The answer to an upload with purpose=post. The file is stored as it came and processed
 * in the background (status 'processing'; poll GET /api/media/{publicId}/status).
 * secure_url is a signed address of that original, for the uploader only and for about two
 * hours: enough to preview it. It is never shown to others: viewers of a post get the
 * processed variants, through addresses issued after the post's access check.
 */
export const ZPostMediaUploadResponse = z
  .object({
    public_id: z.string(),
    kind: z.enum(MEDIA_KINDS),
    status: z.enum(MEDIA_STATUSES),
    secure_url: z.string(),
    /** The original's format, as its file ending: jpg, png, mp4, mov, webm, mp3, m4a … */
    format: z.string(),
    bytes: z.number().int(),
    /** Known at once for images; for video, once processed (see the status). */
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
  })
  .meta({ id: 'PostMediaUploadResponse' });
export type TPostMediaUploadResponse = z.infer<typeof ZPostMediaUploadResponse>;

/** GET /api/media/{publicId}/status, for the asset's owner: how processing goes. */
export const ZMediaStatusResponse = z
  .object({
    publicId: z.string(),
    kind: z.enum(MEDIA_KINDS),
    status: z.enum(MEDIA_STATUSES),
    /** Why processing failed, in words a creator can act on; null otherwise. */
    failureReason: z.string().nullable(),
    /**
     * Every file made so far by name (original, poster, preview …), as addresses the owner
     * can open; a video's streaming files are reached through the folder token of its post.
     */
    variants: z.record(z.string(), z.string()),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    durationSeconds: z.number().nullable(),
  })
  .meta({ id: 'MediaStatus' });
export type TMediaStatusResponse = z.infer<typeof ZMediaStatusResponse>;

/** /api/media/{publicId}/…: an upload of the signed-in user. */
export const ZMediaIdParams = z.object({ publicId: z.string().max(100) });
export type TMediaIdParams = z.infer<typeof ZMediaIdParams>;

export const ZMediaDeleteResponse = z.object({ success: z.literal(true), message: z.string() });
export type TMediaDeleteResponse = z.infer<typeof ZMediaDeleteResponse>;

export const MEDIA_MESSAGES = {
  unsupportedType: 'This file is not an image we can use (JPEG, PNG, WebP, GIF or HEIC).',
  unreadable: 'This image could not be read. It may be damaged: try another one.',
  tooManyPixels: (megapixels: number) =>
    `This image has more than ${megapixels} megapixels. Use a smaller one.`,
  tooLarge: (megabytes: number) => `This file is larger than ${megabytes} MB.`,
  unsupportedPostType:
    'This file is not a photo, video or audio file we can use ' +
    '(JPEG, PNG, WebP, GIF, HEIC, MP4, MOV, WebM, MP3, M4A, OGG, WAV or FLAC).',
  /** e.g. 'This video is larger than 2 GB, the limit for videos.' */
  tooLargeForKind: (kind: TMediaKind, limitBytes: number) =>
    `This ${KIND_NOUNS[kind]} is larger than ${formatByteSize(limitBytes)}, the limit for ${KIND_NOUNS[kind]}s.`,
  noFile: 'Choose a file to upload.',
  verifyEmailFirst: 'Verify your email before uploading files.',
  /** e.g. 'You have 3.8 GB of uploads not yet used in a post or as a profile photo; with this file they would pass 4 GB, the limit. …' */
  quotaReached: (usedBytes: number, quotaBytes: number) =>
    `You have ${formatByteSize(usedBytes)} of uploads not yet used in a post or as a profile photo; ` +
    `with this file they would pass ${formatByteSize(quotaBytes)}, the limit. ` +
    'Publish or delete some before uploading more.',
  deleted: 'The file has been deleted.',
  notFound: 'This file does not exist.',
} as const;

const KIND_NOUNS: Record<TMediaKind, string> = { image: 'photo', video: 'video', audio: 'audio file' };

/** A size for people: '2 GB', '200 MB', '0.1 MB' (binary units, one decimal where needed). */
export function formatByteSize(bytes: number): string {
  const gigabytes = bytes / 1024 ** 3;
  if (gigabytes >= 1) return `${Math.round(gigabytes * 10) / 10} GB`;
  return `${Math.round((bytes / 1024 ** 2) * 10) / 10} MB`;
}

/** Avatar variants: a 256 px square (the asset's secure_url) and a 64 px one for lists. */
export const AVATAR_SIZES = [256, 64] as const;

/** Where an avatar variant is served: /media/{publicId}/avatar{size}.webp. */
export function avatarUrl(publicId: string, size: (typeof AVATAR_SIZES)[number] = 256): string {
  return `/media/${encodeURIComponent(publicId)}/avatar${size}.webp`;
}

/** A person's profile photo as the spec's imageAsset, from its upload's id; null without one. */
export function toAvatarAsset(publicId: string | null): TImageAsset | null {
  return publicId ? { public_id: publicId, secure_url: avatarUrl(publicId, 256) } : null;
}

// ── Routes ──────────────────────────────────────────────────────────────────

const tags = ['media'];

export const mediaRoutes = defineRoutes({
  /** Multipart: the file is streamed to disk, never parsed as a body; only the query is a schema. */
  uploadMedia: {
    method: 'POST',
    path: '/api/media/upload',
    audience: 'signed-in',
    tags,
    summary: `Upload an avatar or a post's photo, video or audio (multipart/form-data, one file field "${MEDIA_UPLOAD_FIELD}")`,
    description:
      'Needs a verified email; purpose=post also a creator account (403 otherwise). Each account ' +
      'may hold MEDIA_UNATTACHED_QUOTA_BYTES (4 GB) of uploads no post or profile uses yet, uploads ' +
      'in progress included: an upload past it is refused with 413, before its body is read when it ' +
      'declares its length, else once it passes the quota. ' +
      'The type is read from the bytes, never the name. purpose=avatar: JPEG, PNG, WebP, GIF or HEIC ' +
      '(when the server can decode it), at most MEDIA_MAX_IMAGE_BYTES (20 MB by default); it becomes ' +
      '256 and 64 px WebP squares without metadata, and secure_url is the 256 px one ' +
      '(MediaUploadResponse). purpose=post: those images, video (MP4, MOV, WebM, Matroska) up to ' +
      'MEDIA_MAX_VIDEO_BYTES (2 GB) or audio (MP3, M4A/AAC, OGG, WAV, FLAC) up to ' +
      'MEDIA_MAX_AUDIO_BYTES (200 MB), streamed to disk and then to the media store; it is ' +
      'processed in the background (PostMediaUploadResponse, status processing: see ' +
      'GET /api/media/{publicId}/status).',
    querystring: ZMediaUploadQuery,
    response: {
      201: z.union([ZMediaUploadResponse, ZPostMediaUploadResponse]),
      400: ZErrorResponse,
      401: ZErrorResponse,
      403: ZErrorResponse,
      413: ZErrorResponse,
      415: ZErrorResponse,
      429: ZErrorResponse,
    },
  },
  getMediaStatus: {
    method: 'GET',
    path: '/api/media/:publicId/status',
    audience: 'signed-in',
    tags,
    summary: 'How the processing of one of your uploads goes (processing, ready, or failed with a reason)',
    params: ZMediaIdParams,
    response: { 200: ZMediaStatusResponse, 401: ZErrorResponse, 404: ZErrorResponse },
  },
  deleteMedia: {
    method: 'DELETE',
    path: '/api/media/:publicId',
    audience: 'signed-in',
    tags,
    summary: 'Delete one of your uploads and its files (clears your avatar if it was this one)',
    params: ZMediaIdParams,
    response: { 200: ZMediaDeleteResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse },
  },
  /**
   * GET (and HEAD) /media/<key>: a stored file, with validators, ranges and caching; open
   * files for anybody, protected ones by a signed address (issueMediaUrls). Not part of the
   * API document, and no schema: the key is the rest of the path, checked by the media store.
   */
  getMediaFile: {
    method: 'GET',
    path: '/media/*',
    audience: 'anyone',
    tags,
    summary: "A stored media file (an avatar, or a variant of a post's photo, video or audio)",
    hide: true,
  },
  /**
   * GET (and HEAD) /media/folder/<token>/<publicId>/hls/<file>: a file of a streamed video's
   * folder (playlists, byte ranges of its renditions), opened by the folder token in the path,
   * which the item's read issues after its access check. Checked by the token's signature
   * alone: no session, no database. Not part of the API document, and no schema: the key is
   * the rest of the path.
   */
  getFolderMediaFile: {
    method: 'GET',
    path: '/media/folder/:token/*',
    audience: 'anyone',
    tags,
    summary: "A file of a streamed video's folder, opened by the folder token in its address",
    hide: true,
  },
});
