import { bigint, index, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { serverInstances } from './jobs.ts';
import { users } from './users.ts';

/**
 * An uploaded file and its variants in the media store. An image's row is written once
 * every variant is stored, so a failed upload leaves neither a row nor files. A video's row
 * is written when its original is stored (status 'processing'); a background job then adds
 * the poster, the HLS ladder and the preview, and sets 'ready' or 'failed'.
 */
export const MEDIA_KIND_VALUES = ['image', 'video', 'audio'] as const;

export const mediaAssets = pgTable(
  'media_assets',
  {
    /** Random, unguessable; also the folder of the files in the store. */
    publicId: text('public_id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MEDIA_KIND_VALUES }).notNull(),
    purpose: text('purpose', { enum: ['avatar', 'post'] }).notNull(),
    status: text('status', { enum: ['processing', 'ready', 'failed'] })
      .notNull()
      .default('ready'),
    /** Why processing failed, in words a creator can act on. */
    failureReason: text('failure_reason'),
    /** Variant name → store key, e.g. { avatar256: '<publicId>/avatar256.webp' }. */
    variants: jsonb('variants').$type<Record<string, string>>().notNull(),
    /** Null until known (a video's are read by ffprobe in its job). */
    width: integer('width'),
    height: integer('height'),
    durationSeconds: real('duration_seconds'),
    /** How far processing has come, 0–100, while 'processing' (shown to the author). */
    processingProgress: integer('processing_progress').notNull().default(0),
    /**
     * A video's streaming ladder as made (HLS renditions, lowest first): what the watch page
     * shows as the data cost of each quality before play. Null for other kinds.
     */
    renditions: jsonb('renditions').$type<MediaRendition[]>(),
    /** Bytes of the original upload: bigint, as a video may pass 2 GiB. */
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('media_assets_owner').on(table.ownerId, table.createdAt.desc())],
);

export type MediaAssetRow = typeof mediaAssets.$inferSelect;

/** One rung of a video's HLS ladder (an audio-only rung has no width or height). */
export type MediaRendition = {
  /** '240p', '360p', '720p' or 'audio'. */
  name: string;
  width: number | null;
  height: number | null;
  /** Peak bits a second, as in the master playlist's BANDWIDTH. */
  bandwidth: number;
  /**
   * The rendition's whole size in bytes (its one single_file object): what a fan downloads
   * to watch it all at this quality. A video rung's includes its sound (each rung carries
   * it: hls.js's light build plays no separate audio group).
   */
  bytes: number;
};

/**
 * Room taken in an account's quota of unused uploads by an upload still being received:
 * concurrent uploads of one account reserve before they read, so together they cannot
 * pass the quota. Gone once the upload is recorded as an asset (or refused); a process
 * that dies takes its reservations with its server_instances row.
 */
export const uploadReservations = pgTable(
  'upload_reservations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    instanceId: text('instance_id')
      .notNull()
      .references(() => serverInstances.id, { onDelete: 'cascade' }),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('upload_reservations_owner').on(table.ownerId)],
);
