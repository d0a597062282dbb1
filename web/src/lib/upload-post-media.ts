import type { mediaRoutes, TPostMediaUploadResponse } from '@stagepass/contract/media';
import { type UploadOptions, uploadFile } from './upload-file';

/** A post's photo or video, stored and then processed in the background (status 'processing'). */
export function uploadPostMedia(file: Blob, options: UploadOptions = {}) {
  return uploadFile<typeof mediaRoutes.uploadMedia, TPostMediaUploadResponse>(
    'POST /api/media/upload',
    file,
    { ...options, query: { purpose: 'post' } },
  );
}
