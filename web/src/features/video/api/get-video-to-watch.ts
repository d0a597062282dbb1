import type { videoRoutes } from '@stagepass/contract/video';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { watchQueryKey } from './video-query-keys';

/** A video to watch with its series, the next episode and where the viewer stopped. */
export function getVideoToWatch(videoId: string, signal?: AbortSignal) {
  return requestRoute<typeof videoRoutes.getVideoToWatch>('GET /api/video/fetch-to-watch/:x', {
    params: { x: videoId },
    signal,
  });
}

export function getVideoToWatchQueryOptions(videoId: string) {
  return queryOptions({
    queryKey: watchQueryKey(videoId),
    queryFn: ({ signal }) => getVideoToWatch(videoId, signal),
    // The stream's addresses carry a token that expires (stream.expiresAt): read again well before.
    staleTime: 5 * 60_000,
    refetchInterval: 30 * 60_000,
    // A refetch when the tab comes back would restart nothing, but may hand a new token: harmless.
    refetchOnWindowFocus: false,
  });
}

export function useVideoToWatch(videoId: string) {
  return useQuery(getVideoToWatchQueryOptions(videoId));
}
