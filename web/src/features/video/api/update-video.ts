import type { TUpdateVideoRequest, videoRoutes } from '@stagepass/contract/video';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { videoQueryKey } from '../../../lib/items/item-query-keys';

/** Changes what is given of a video or an episode (the edit-episode modal); answers it as it is now. */
export function updateVideo(update: TUpdateVideoRequest) {
  return requestRoute<typeof videoRoutes.updateVideo>('POST /api/video/update-video', { body: update });
}

export function useUpdateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVideo,
    // A move shifts the other episodes and changes the series' count: every list is read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoQueryKey }),
  });
}
