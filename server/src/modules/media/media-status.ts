import { MEDIA_MESSAGES, type TMediaStatusResponse } from '@stagepass/contract/media';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { isPublicIdShape } from './media.service.ts';
import { findMediaAccess } from './media-access.ts';
import { describeAsset } from './media-urls.service.ts';

/**
 * The processing state of an upload, for its owner, with addresses of every variant made
 * so far. Somebody else's asset answers like a missing one.
 */
export async function readMediaStatus(options: {
  db: Db;
  appSecret: string;
  ownerId: string;
  publicId: string;
}): Promise<TMediaStatusResponse> {
  const asset = isPublicIdShape(options.publicId)
    ? await findMediaAccess(options.db, options.publicId)
    : undefined;
  if (!asset || asset.ownerId !== options.ownerId) {
    throw new AppError('NOT_FOUND', MEDIA_MESSAGES.notFound, 404);
  }
  const described = describeAsset(asset, { appSecret: options.appSecret, viewerId: options.ownerId });
  return {
    publicId: described.publicId,
    kind: described.kind,
    status: described.status,
    failureReason: described.failureReason,
    variants: described.urls,
    width: described.width,
    height: described.height,
    durationSeconds: described.durationSeconds,
  };
}
