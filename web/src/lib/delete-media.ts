import type { mediaRoutes } from '@stagepass/contract/media';
import { requestRoute } from './api-client';

/** Deletes an uploaded file of the signed-in user (e.g. a photo chosen, then replaced before saving). */
export function deleteMedia(publicId: string) {
  return requestRoute<typeof mediaRoutes.deleteMedia>('DELETE /api/media/:publicId', {
    params: { publicId },
  });
}
