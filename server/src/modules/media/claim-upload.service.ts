import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type MediaAssetRow, mediaAssets } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/** What a kind answers when an upload named in its create cannot be used, in its own words. */
export type UploadRefusals = { notFound: string; wrongKind: string; failed: string };

/**
 * Inside a create transaction: the upload must be the author's own (purpose post), of the
 * kind wanted, and not failed (it may still be processing). Its row is locked, so two
 * creates naming the same file run one after the other; whether another item already uses
 * it is the caller's next question (the catalogue's findItemHoldingMedia). Answers whether
 * the upload is ready: an item whose main file is not waits in 'processing' (insertItem).
 */
export async function lockOwnUpload(
  tx: Db,
  options: {
    ownerId: string;
    publicId: string;
    kind: MediaAssetRow['kind'];
    /** The request field named in a refusal, if the kind names one. */
    field?: string;
    refusals: UploadRefusals;
  },
): Promise<{ isReady: boolean }> {
  const { refusals, field } = options;
  const [asset] = await tx
    .select({ kind: mediaAssets.kind, status: mediaAssets.status })
    .from(mediaAssets)
    .where(
      and(
        eq(mediaAssets.publicId, options.publicId),
        eq(mediaAssets.ownerId, options.ownerId),
        eq(mediaAssets.purpose, 'post'),
      ),
    )
    .for('update');
  // Someone else's upload answers like a missing one: it reveals nothing.
  if (!asset) throw new AppError('MEDIA_NOT_FOUND', refusals.notFound, 400, field);
  if (asset.kind !== options.kind) throw new AppError('MEDIA_WRONG_KIND', refusals.wrongKind, 400, field);
  if (asset.status === 'failed') throw new AppError('MEDIA_FAILED', refusals.failed, 400, field);
  return { isReady: asset.status === 'ready' };
}
