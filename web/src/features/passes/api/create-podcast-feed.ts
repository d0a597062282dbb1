import type { audioRoutes, TPodcastFeedResponse } from '@stagepass/contract/audio';
import { useMutation } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';

export type { TPodcastFeedResponse };

/** POST /api/audio/podcast-feeds/:username: the fan's private podcast feed of a creator (the same address each time). */
export function useCreatePodcastFeed() {
  return useMutation({
    mutationFn: (username: string) =>
      requestRoute<typeof audioRoutes.createPodcastFeed>('POST /api/audio/podcast-feeds/:username', {
        params: { username: username.replace(/^@/, '') },
      }),
  });
}
