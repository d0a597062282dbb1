import type { TItemKind } from '@stagepass/contract/items';
import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import {
  type ItemMediaRole,
  type ItemRow,
  itemMedia,
  items,
  type MediaAssetRow,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { MediaStore } from '../../lib/media-store.ts';
import { lockOwnUpload, type UploadRefusals } from '../media/claim-upload.service.ts';
import { deleteMediaAsset } from '../media/media.service.ts';

/**
 * The uploads an item uses (item_media, decision 023): its main file, a track's cover, a
 * video's preview. A kind attaches them in its create transaction and reads them by the
 * primary key (item_id, role); media asks here which item holds an upload, and reads no
 * kind's table. One upload belongs to one item (the unique index item_media_asset).
 */

export type { ItemMediaRole };

/** Records that the item uses the upload in this role; inside the kind's create transaction. */
export async function attachItemMedia(
  tx: Db,
  itemId: string,
  role: ItemMediaRole,
  mediaPublicId: string,
): Promise<void> {
  await tx.insert(itemMedia).values({ itemId, role, mediaPublicId });
}

/**
 * The item stops using the upload in this role (a track's cover removed by its author);
 * false when it did not use it.
 */
export async function detachItemMedia(
  tx: Db,
  options: { itemId: string; role: ItemMediaRole; mediaPublicId: string },
): Promise<boolean> {
  const deleted = await tx
    .delete(itemMedia)
    .where(
      and(
        eq(itemMedia.itemId, options.itemId),
        eq(itemMedia.role, options.role),
        eq(itemMedia.mediaPublicId, options.mediaPublicId),
      ),
    )
    .returning({ itemId: itemMedia.itemId });
  return deleted.length > 0;
}

/** The item's uploads by role (none for a text post). */
export async function readItemMedia(db: Db, itemId: string): Promise<Partial<Record<ItemMediaRole, string>>> {
  const rows = await db
    .select({ role: itemMedia.role, mediaPublicId: itemMedia.mediaPublicId })
    .from(itemMedia)
    .where(eq(itemMedia.itemId, itemId));
  return Object.fromEntries(rows.map((row) => [row.role, row.mediaPublicId]));
}

/**
 * A track's or a video's upload, inside its create transaction: the author's own, of the
 * kind wanted and not failed (media's lockOwnUpload, which locks its row), and used by no
 * item yet. Refused on the request field, in the kind's words.
 */
export async function claimItemUpload(
  tx: Db,
  options: {
    ownerId: string;
    publicId: string;
    kind: MediaAssetRow['kind'];
    field: string;
    refusals: UploadRefusals & { inUse: string };
  },
): Promise<{ isReady: boolean }> {
  const upload = await lockOwnUpload(tx, options);
  if (await findItemHoldingMedia(tx, options.publicId)) {
    throw new AppError('MEDIA_IN_USE', options.refusals.inUse, 409, options.field);
  }
  return upload;
}

/** What deleting an item's files needs: the store, their owner (the author) and a log. */
export type ItemFileContext = { db: Db; mediaStore: MediaStore; ownerId: string; log: FastifyBaseLogger };

/**
 * Deletes a file an item no longer uses, through media; call it once the item has let go
 * of it for good (files cannot be rolled back). A failure is logged with the ids, not
 * thrown: nothing points at the file, and its owner can still delete it through
 * DELETE /api/media/:publicId.
 */
export async function deleteItemFile(
  options: ItemFileContext,
  file: { itemId: string; publicId: string },
): Promise<void> {
  try {
    await deleteMediaAsset({
      db: options.db,
      mediaStore: options.mediaStore,
      ownerId: options.ownerId,
      publicId: file.publicId,
    });
  } catch (error) {
    options.log.error({ err: error, itemId: file.itemId, publicId: file.publicId }, 'item file not deleted');
  }
}

/**
 * delete_asset of a track or a video: the author removes the item's cover, from the item
 * and the store. Its main file is refused (409): the item is its file, and deleting the
 * item removes it. Each kind refuses in its own words.
 */
export async function removeItemCover(
  options: ItemFileContext & {
    itemId: string;
    publicId: string;
    /** The item's files by role (readItemMedia). */
    media: Partial<Record<ItemMediaRole, string>>;
    refusals: { mainFileNeeded: string; notOnItem: string };
  },
): Promise<void> {
  const { itemId, publicId, media, refusals } = options;
  if (media.main === publicId) throw new AppError('CONFLICT', refusals.mainFileNeeded, 409, 'public_id');
  if (media.cover !== publicId) throw new AppError('VALIDATION_ERROR', refusals.notOnItem, 400, 'public_id');
  await detachItemMedia(options.db, { itemId, role: 'cover', mediaPublicId: publicId });
  await deleteItemFile(options, { itemId, publicId });
}

/** Which item holds an upload, what the upload is to it, and the item's terms. */
export type MediaHolder = {
  itemId: string;
  kind: TItemKind;
  role: ItemMediaRole;
  creatorId: string;
  visibility: ItemRow['visibility'];
  status: ItemRow['status'];
};

/** The item that holds the upload, if any (posts and tracks ask before they take one). */
export async function findItemHoldingMedia(
  db: Pick<Db, 'select'>,
  mediaPublicId: string,
): Promise<MediaHolder | undefined> {
  const [holder] = await db
    .select({
      itemId: items.id,
      kind: items.kind,
      role: itemMedia.role,
      creatorId: items.creatorId,
      visibility: items.visibility,
      status: items.status,
    })
    .from(itemMedia)
    .innerJoin(items, eq(items.id, itemMedia.itemId))
    .where(eq(itemMedia.mediaPublicId, mediaPublicId));
  return holder;
}

/**
 * The holder of the asset named by `mediaPublicId` (a column of a read over media_assets), as
 * one value of that read: its kind, role, visibility and status, or null when no item holds
 * it. One probe of item_media_asset and one of items' primary key, so media decides who may
 * fetch a file in the query that reads the asset (media-access.ts).
 */
export function mediaHolderColumn(
  mediaPublicId: SQLWrapper,
): SQL<Pick<MediaHolder, 'kind' | 'role' | 'visibility' | 'status'> | null> {
  return sql`(select json_build_object('kind', i.kind, 'role', m.role, 'visibility', i.visibility, 'status', i.status)
    from ${itemMedia} as m join ${items} as i on i.id = m.item_id
    where m.media_public_id = ${mediaPublicId})`;
}

/** "Some item uses the asset named by `mediaPublicId`", for media's quota and its sweep. */
export function isMediaHeldCondition(mediaPublicId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${itemMedia} where ${itemMedia.mediaPublicId} = ${mediaPublicId})`;
}

/**
 * Deletes the item of this kind that holds the upload in this role, and with it by their keys
 * whatever hangs on the item. A kind whose item is nothing without the file (a track without
 * its sound) calls it as media deletes the asset. The item's id, or undefined when none.
 */
export async function deleteItemHoldingMedia(
  tx: Db,
  options: { mediaPublicId: string; kind: TItemKind; role: ItemMediaRole },
): Promise<string | undefined> {
  const [deleted] = await tx
    .delete(items)
    .where(
      and(
        eq(items.kind, options.kind),
        sql`${items.id} = (select ${itemMedia.itemId} from ${itemMedia}
          where ${itemMedia.mediaPublicId} = ${options.mediaPublicId} and ${itemMedia.role} = ${options.role})`,
      ),
    )
    .returning({ id: items.id });
  return deleted?.id;
}
