import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * An uploaded file and its variants in the media store. The row is written only once every
 * variant is stored, so a failed upload leaves neither a row nor files.
 */
export const mediaAssets = pgTable(
  'media_assets',
  {
    /** Random, unguessable; also the folder of the files in the store. */
    publicId: text('public_id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['image'] }).notNull(),
    purpose: text('purpose', { enum: ['avatar'] }).notNull(),
    /** Variant name → store key, e.g. { avatar256: '<publicId>/avatar256.webp' }. */
    variants: jsonb('variants').$type<Record<string, string>>().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('media_assets_owner').on(table.ownerId, table.createdAt.desc())],
);

export type MediaAssetRow = typeof mediaAssets.$inferSelect;
