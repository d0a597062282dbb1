import type { audioRoutes } from '@stagepass/contract/audio';
import { useQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { creatorVideosQueryKey, relatedAudiosQueryKey, toBareUsername } from './player-query-keys';

/** The first page of a creator's video posts (GET /api/audio/fetch_videos/:a/:b), for "More from". */
export function useCreatorVideos(username: string, { isEnabled }: { isEnabled: boolean }) {
  return useQuery({
    queryKey: creatorVideosQueryKey(username),
    queryFn: ({ signal }) =>
      requestRoute<typeof audioRoutes.listCreatorVideos>('GET /api/audio/fetch_videos/:a/:b', {
        params: { a: toBareUsername(username), b: '0' },
        signal,
      }),
    enabled: isEnabled,
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
}

/** The first page of tracks related to one (GET /api/audio/fetch_related_audios/:a/:b). */
export function useRelatedAudios(audioId: string, { isEnabled }: { isEnabled: boolean }) {
  return useQuery({
    queryKey: relatedAudiosQueryKey(audioId),
    queryFn: ({ signal }) =>
      requestRoute<typeof audioRoutes.listRelatedAudios>('GET /api/audio/fetch_related_audios/:a/:b', {
        params: { a: audioId, b: '0' },
        signal,
      }),
    enabled: isEnabled,
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
}
