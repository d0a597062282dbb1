import type { TVideoResponse, videoRoutes } from '@stagepass/contract/video';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { videoItemQueryKey } from '../../../lib/items/item-query-keys';
import { VIDEO_PROCESSING_POLL_MS } from './video-query-keys';

/** One video or series as the viewer may see it (GET /api/video/fetch_video/:id). */
export function getVideo(videoId: string, signal?: AbortSignal) {
  return requestRoute<typeof videoRoutes.getVideo>('GET /api/video/fetch_video/:id', {
    params: { id: videoId },
    signal,
  });
}

// Its author watches a new video being made: read again until it is ready or has failed.
const pollWhileProcessing = (query: { state: { data?: TVideoResponse } }) =>
  query.state.data?.video.status === 'processing' ? VIDEO_PROCESSING_POLL_MS : false;

export function getVideoQueryOptions(videoId: string) {
  return queryOptions({
    queryKey: videoItemQueryKey(videoId),
    queryFn: ({ signal }) => getVideo(videoId, signal),
    refetchInterval: pollWhileProcessing,
  });
}

export function useVideo(videoId: string) {
  return useQuery(getVideoQueryOptions(videoId));
}
