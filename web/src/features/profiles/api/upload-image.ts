import type { mediaRoutes, TMediaUploadResponse } from '@stagepass/contract/media';
import { type UploadOptions, uploadFile } from '../../../lib/upload-file';

/**
 * Uploads an avatar image to POST /api/media/upload, reporting progress; rejects with an
 * ApiError carrying the server's message, which the spec shows in a toast.
 */
export function uploadImage(file: File, { purpose, ...options }: UploadOptions & { purpose: 'avatar' }) {
  return uploadFile<typeof mediaRoutes.uploadMedia, TMediaUploadResponse>('POST /api/media/upload', file, {
    ...options,
    query: { purpose },
  });
}
