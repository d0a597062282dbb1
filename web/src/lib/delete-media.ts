import { requestApi } from './api-client';

/** Deletes an uploaded file of the signed-in user (e.g. a photo chosen, then replaced before saving). */
export function deleteMedia(publicId: string) {
  return requestApi<{ success: true; message: string }>(`/api/media/${encodeURIComponent(publicId)}`, {
    method: 'DELETE',
  });
}
