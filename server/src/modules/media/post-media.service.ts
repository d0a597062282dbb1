import { MEDIA_MESSAGES, type TPostMediaUploadResponse } from '@stagepass/contract/media';
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import { mediaAssets } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { createId } from '../../lib/ids.ts';
import type { MediaStore } from '../../lib/media-store.ts';
import { MAX_INPUT_PIXELS } from './avatar-variants.ts';
import { PUBLIC_ID_LENGTH } from './media.service.ts';
import { ORIGINAL_VARIANT } from './media-access.ts';
import type { MediaType } from './media-type.ts';
import { queueMediaProcessing } from './queue-processing.ts';
import type { ReceivedUpload } from './receive-upload.ts';
import { mediaUrlExpiry, signMediaUrl } from './signed-media-url.ts';
import type { UploadSpace } from './upload-admission.ts';

/**
 * Keeps an uploaded photo, video or audio file of a post as it came
 * (`<publicId>/original.<ext>`) and queues its processing: the asset row (status
 * 'processing') and the 'process-media' job are written in one transaction, after the
 * file is stored, so a job never looks for a missing file and a failure leaves neither
 * row, job nor file.
 */
export async function storePostMedia(options: {
  db: Db;
  mediaStore: MediaStore;
  appSecret: string;
  ownerId: string;
  upload: ReceivedUpload<MediaType>;
  /** The upload's room in the quota: given back as the asset that now counts is recorded. */
  space?: Pick<UploadSpace, 'release'>;
}): Promise<TPostMediaUploadResponse> {
  const { db, mediaStore, upload } = options;
  const { kind, extension, contentType } = upload.type;
  const size = kind === 'image' ? await readImageSize(upload.file, extension) : { width: null, height: null };

  const publicId = createId(PUBLIC_ID_LENGTH);
  const key = `${publicId}/${ORIGINAL_VARIANT}.${extension}`;
  await mediaStore.putFile(key, upload.file, { contentType });
  try {
    await db.transaction(async (tx) => {
      await tx.insert(mediaAssets).values({
        publicId,
        ownerId: options.ownerId,
        kind,
        purpose: 'post',
        status: 'processing',
        variants: { [ORIGINAL_VARIANT]: key },
        ...size,
        bytes: upload.bytes,
      });
      await queueMediaProcessing(tx, { publicId, kind, ownerId: options.ownerId });
      await options.space?.release(tx);
    });
  } catch (error) {
    await mediaStore.delete([key]).catch(() => {});
    throw error;
  }
  return {
    public_id: publicId,
    kind,
    status: 'processing',
    secure_url: signMediaUrl({
      secret: options.appSecret,
      key,
      viewerId: options.ownerId,
      expiresAt: mediaUrlExpiry(),
    }),
    format: extension,
    bytes: upload.bytes,
    ...size,
  };
}

/**
 * A photo's upright size from its header alone (no decoding). A header sharp cannot read,
 * or a picture over the pixel limit, is refused here: the creator learns it at once
 * instead of through a failed job.
 */
async function readImageSize(file: string, extension: string): Promise<{ width: number; height: number }> {
  const metadata = await sharp(file)
    .metadata()
    .catch(() => null);
  if (!metadata?.width || !metadata.height) {
    // As for avatars: a HEIF sharp cannot read is a type we do not support here.
    if (extension === 'heic')
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', MEDIA_MESSAGES.unsupportedPostType, 415);
    throw new AppError('IMAGE_UNREADABLE', MEDIA_MESSAGES.unreadable, 400);
  }
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) {
    throw new AppError('IMAGE_TOO_MANY_PIXELS', MEDIA_MESSAGES.tooManyPixels(MAX_INPUT_PIXELS / 1e6), 413);
  }
  const upright = metadata.autoOrient ?? metadata;
  return { width: upright.width, height: upright.height };
}
