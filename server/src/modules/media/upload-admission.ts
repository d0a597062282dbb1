import { MEDIA_MESSAGES } from '@stagepass/contract/media';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mediaAssets, serverInstances, uploadReservations, users } from '../../db/schema/index.ts';
import { isHeartbeatRecent, type ServerInstance } from '../../jobs/server-instances.ts';
import { AppError } from '../../lib/errors.ts';
import { assertCreator, type CurrentSession } from '../../plugins/session.ts';
import { mediaHolderReads } from './media-holders.ts';
import type { UploadRoom } from './receive-upload.ts';

/**
 * Who may upload, and how much: checked before a byte of the file is read. A post's media
 * only by a creator whose email is verified (only creators publish posts); an avatar by
 * any verified account. And each account may hold at most MEDIA_UNATTACHED_QUOTA_BYTES of
 * uploads that no post or profile uses yet, counting the uploads it is sending now.
 */
export function assertMayUpload(viewer: CurrentSession, purpose: 'avatar' | 'post') {
  if (!viewer.user.emailVerifiedAt) {
    throw new AppError('EMAIL_NOT_VERIFIED', MEDIA_MESSAGES.verifyEmailFirst, 403);
  }
  // The one upload route serves avatars (anyone's) and post media (creators'), so the
  // route is declared 'signed-in' and post media asks the guard's own creator check.
  if (purpose === 'post') assertCreator(viewer);
}

/** An upload without a declared length reserves this much at a time as its bytes come. */
export const RESERVATION_STEP_BYTES = 16 * 1024 * 1024;

export type UploadSpace = UploadRoom & {
  /** Gives the room back; pass the transaction that records the asset, so no moment counts both. */
  release(tx?: Pick<Db, 'delete'>): Promise<void>;
};

/**
 * Reserves room in the account's quota for an upload: its declared length (Content-Length)
 * at once, or without one a step, grown as the bytes come (`grow`). Refused with 413 when
 * the quota has no room. The account's row is locked while its room is counted, so two
 * uploads at once are counted one after the other and cannot pass the quota together.
 */
export async function reserveUploadSpace(options: {
  db: Db;
  instance: ServerInstance;
  ownerId: string;
  quotaBytes: number;
  declaredBytes: number | undefined;
}): Promise<UploadSpace> {
  const { db } = options;
  const declared = options.declaredBytes;
  let reservationId: number | undefined;
  let reservedBytes = 0;
  const reserve = async (neededBytes: number, wantedBytes: number) => {
    const granted = await db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, options.ownerId)).for('no key update');
      const usedBytes = await measureUsedSpace(tx, options.ownerId);
      const roomBytes = options.quotaBytes - usedBytes;
      if (roomBytes < neededBytes) {
        throw new AppError(
          'UPLOAD_QUOTA_EXCEEDED',
          MEDIA_MESSAGES.quotaReached(usedBytes, options.quotaBytes),
          413,
        );
      }
      const bytes = Math.min(wantedBytes, roomBytes);
      if (reservationId === undefined) {
        const [row] = await tx
          .insert(uploadReservations)
          .values({ ownerId: options.ownerId, instanceId: options.instance.id, bytes })
          .returning({ id: uploadReservations.id });
        reservationId = row!.id;
      } else {
        await tx
          .update(uploadReservations)
          .set({ bytes: sql`${uploadReservations.bytes} + ${bytes}` })
          .where(eq(uploadReservations.id, reservationId));
      }
      return bytes;
    });
    reservedBytes += granted;
  };

  if (declared !== undefined) await reserve(declared, declared);
  else await reserve(1, RESERVATION_STEP_BYTES);
  return {
    get reservedBytes() {
      return reservedBytes;
    },
    grow: (bytes) => reserve(bytes, Math.max(bytes, RESERVATION_STEP_BYTES)),
    async release(tx = db) {
      if (reservationId === undefined) return;
      await tx.delete(uploadReservations).where(eq(uploadReservations.id, reservationId));
    },
  };
}

/**
 * Whether an asset is in use: a post's or a track's file by the item that holds it (asked
 * of the catalogue, media-holders.ts), an avatar as its owner's avatar (an account can only
 * choose its own upload). Unused ones count against the quota, and the sweep deletes them
 * after a day.
 */
export function isMediaAssetUsed(): SQL {
  return sql`(
  (${mediaAssets.purpose} = 'post' and ${mediaHolderReads().isHeldCondition(mediaAssets.publicId)})
  or (${mediaAssets.purpose} = 'avatar'
    and exists (select 1 from ${users}
      where ${users.id} = ${mediaAssets.ownerId} and ${users.avatarPublicId} = ${mediaAssets.publicId}))
)`;
}

/**
 * The bytes an account holds in uploads nothing uses (processing, ready or failed), and
 * in uploads being received by live servers.
 */
export async function measureUsedSpace(db: Pick<Db, 'select'>, ownerId: string): Promise<number> {
  const [assets] = await db
    .select({ bytes: sql<string | number>`coalesce(sum(${mediaAssets.bytes}), 0)` })
    .from(mediaAssets)
    .where(and(eq(mediaAssets.ownerId, ownerId), sql`not ${isMediaAssetUsed()}`));
  const [reserved] = await db
    .select({ bytes: sql<string | number>`coalesce(sum(${uploadReservations.bytes}), 0)` })
    .from(uploadReservations)
    .innerJoin(serverInstances, eq(serverInstances.id, uploadReservations.instanceId))
    .where(and(eq(uploadReservations.ownerId, ownerId), isHeartbeatRecent(serverInstances.heartbeatAt)));
  return Number(assets!.bytes) + Number(reserved!.bytes);
}

/** The body's declared length, when the request has one (not for chunked bodies). */
export function readDeclaredLength(
  headers: Record<string, string | string[] | undefined>,
): number | undefined {
  const value = headers['content-length'];
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return undefined;
  return Number(value);
}
