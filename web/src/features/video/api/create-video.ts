import type { TCreateVideoRequest, videoRoutes } from '@stagepass/contract/video';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { videoQueryKey } from '../../../lib/items/item-query-keys';

/** Publishes a video, an episode or a series; a repeat with the same videoId is the same one. */
export function createVideo(draft: TCreateVideoRequest) {
  return requestRoute<typeof videoRoutes.createVideo>('POST /api/video/create', { body: draft });
}

export function useCreateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createVideo,
    // The creator's lists (and a series' episode count) show the new one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoQueryKey }),
  });
}
