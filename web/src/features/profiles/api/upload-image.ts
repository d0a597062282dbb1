import type { TMediaUploadResponse } from '@stagepass/contract/media';
import { type UploadOptions, uploadFile } from '../../../lib/upload-file';

/**
 * Uploads an avatar image to POST /api/media/upload, reporting progress; rejects with an
 * ApiError carrying the server's message, which the spec shows in a toast.
 */
export function uploadImage(file: File, { purpose, ...options }: UploadOptions & { purpose: 'avatar' }) {
  return uploadFile<TMediaUploadResponse>(
    `/api/media/upload?purpose=${encodeURIComponent(purpose)}`,
    file,
    options,
  );
}
