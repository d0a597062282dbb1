import type { audioRoutes, TAudioReactionsResponse } from '@stagepass/contract/audio';
import type { TReactionKind } from '@stagepass/contract/posts';
import { requestRoute } from '../../../lib/api-client';
import { useOptimisticItemMutation } from '../../../lib/items/item-cache';
import { audioTrackQueryKey } from '../../../lib/items/item-query-keys';
import { applyAudioReaction } from '../player/audio-reactions-rules';

/** Sets the listener's reaction, or takes it back with null (PUT /api/audio/audio_reactions/:id/likes/:value). */
export function reactToAudio(audioId: string, kind: TReactionKind | null) {
  return requestRoute<typeof audioRoutes.reactToAudio>('PUT /api/audio/audio_reactions/:id/:kind/:value', {
    params: { id: audioId, kind: 'likes', value: kind ?? 'none' },
  });
}

/**
 * A reaction, shown at once in every cached copy of the track, then sent; the server's
 * counts (everyone's reactions) replace the guess, and a refusal puts the copies back.
 */
export function useReactToAudio(audioId: string) {
  return useOptimisticItemMutation<TAudioReactionsResponse, TReactionKind | null>({
    itemId: audioId,
    // Only this track's own answer: a list page or a waveform on its way is left to land.
    cancelQueryKey: audioTrackQueryKey(audioId),
    mutationFn: (kind) => reactToAudio(audioId, kind),
    guess: (kind) => ({ audio: (track) => applyAudioReaction(track, kind) }),
    settle: ({ reactionCounts, viewerReaction, plays }) => ({
      audio: (track) => ({ ...track, reactionCounts, viewerReaction, plays }),
    }),
  });
}
