import type { videoRoutes } from '@stagepass/contract/video';
import { useQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { videoPerformanceQueryKey } from './video-query-keys';

/** A video's views, viewers, watch time, completion, unlocks and earnings (its author only). */
export function getVideoPerformance(videoId: string, signal?: AbortSignal) {
  return requestRoute<typeof videoRoutes.getVideoPerformance>('GET /api/video/video-perfomance/:id', {
    params: { id: videoId },
    signal,
  });
}

export function useVideoPerformance(videoId: string) {
  return useQuery({
    queryKey: videoPerformanceQueryKey(videoId),
    queryFn: ({ signal }) => getVideoPerformance(videoId, signal),
  });
}
