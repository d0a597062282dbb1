import { MEDIA_MESSAGES } from '@stagepass/contract/media';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { detectImageType, IMAGE_HEADER_BYTES, type ImageType } from './image-type.ts';
import { detectMediaType, MEDIA_HEADER_BYTES, type MediaType } from './media-type.ts';
import { tooLarge, type UploadRules } from './receive-upload.ts';

type LimitSettings = Pick<Config, 'mediaMaxImageBytes' | 'mediaMaxAudioBytes' | 'mediaMaxVideoBytes'>;

/** Where the files of uploads are received, and by which server instance. */
type UploadTarget = Pick<UploadRules<unknown>, 'folder' | 'instance'>;

/** An avatar: an image only, up to MEDIA_MAX_IMAGE_BYTES. */
export function avatarUploadRules(config: LimitSettings, target: UploadTarget): UploadRules<ImageType> {
  return {
    ...target,
    headerBytes: IMAGE_HEADER_BYTES,
    detectType: detectImageType,
    maxBytesOf: () => config.mediaMaxImageBytes,
    maxBytes: config.mediaMaxImageBytes,
    unsupportedType: () => new AppError('UNSUPPORTED_MEDIA_TYPE', MEDIA_MESSAGES.unsupportedType, 415),
    tooLarge: () => tooLarge(config.mediaMaxImageBytes),
  };
}

/** Post media: a photo, video or audio file, each kind with its own MEDIA_MAX_*_BYTES. */
export function postUploadRules(config: LimitSettings, target: UploadTarget): UploadRules<MediaType> {
  const limits = {
    image: config.mediaMaxImageBytes,
    audio: config.mediaMaxAudioBytes,
    video: config.mediaMaxVideoBytes,
  };
  return {
    ...target,
    headerBytes: MEDIA_HEADER_BYTES,
    detectType: detectMediaType,
    maxBytesOf: (type) => limits[type.kind],
    maxBytes: Math.max(...Object.values(limits)),
    unsupportedType: () => new AppError('UNSUPPORTED_MEDIA_TYPE', MEDIA_MESSAGES.unsupportedPostType, 415),
    tooLarge: (type) =>
      new AppError('FILE_TOO_LARGE', MEDIA_MESSAGES.tooLargeForKind(type.kind, limits[type.kind]), 413),
  };
}
