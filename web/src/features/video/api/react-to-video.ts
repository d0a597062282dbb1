import type { TReactionKind } from '@stagepass/contract/posts';
import type { TVideo, TVideoReactionsResponse, videoRoutes } from '@stagepass/contract/video';
import { requestRoute } from '../../../lib/api-client';
import { useOptimisticItemMutation } from '../../../lib/items/item-cache';
import { watchQueryKey } from './video-query-keys';

/** Sets the viewer's reaction, or takes it back with null (PUT /api/video/video_reactions/:id/likes/:value). */
export function reactToVideo(videoId: string, kind: TReactionKind | null) {
  return requestRoute<typeof videoRoutes.setVideoReaction>(
    'PUT /api/video/video_reactions/:id/:kind/:value',
    {
      params: { id: videoId, kind: 'likes', value: kind ?? 'none' },
    },
  );
}

/** The video as it looks with the viewer's reaction set to `kind` (null: none), before the server answers. */
export function applyVideoReaction(video: TVideo, kind: TReactionKind | null): TVideo {
  const counts = { ...video.reactionCounts };
  if (video.viewerReaction) counts[video.viewerReaction] = Math.max(0, counts[video.viewerReaction] - 1);
  if (kind) counts[kind] += 1;
  return { ...video, reactionCounts: counts, viewerReaction: kind };
}

/**
 * A reaction, shown at once in every cached copy of the video, then sent; the server's
 * counts (everyone's reactions) replace the guess, and a refusal puts the copies back.
 */
export function useReactToVideo(videoId: string) {
  return useOptimisticItemMutation<TVideoReactionsResponse, TReactionKind | null>({
    itemId: videoId,
    cancelQueryKey: watchQueryKey(videoId),
    mutationFn: (kind) => reactToVideo(videoId, kind),
    guess: (kind) => ({ video: (video) => applyVideoReaction(video, kind) }),
    settle: ({ reactionCounts, viewerReaction, views }) => ({
      video: (video) => ({ ...video, reactionCounts, viewerReaction, views }),
    }),
  });
}
