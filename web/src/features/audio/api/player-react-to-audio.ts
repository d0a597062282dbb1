import type { audioRoutes, TAudio, TAudioReactionsResponse } from '@stagepass/contract/audio';
import type { TReactionKind } from '@stagepass/contract/posts';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { patchAudioInData } from '../audio-cache';
import { applyAudioReaction } from '../player/audio-reactions-rules';
import { audioQueryKey } from './audio-query-keys';
import { audioTrackQueryKey } from './player-query-keys';

/** Sets the listener's reaction, or takes it back with null (PUT /api/audio/audio_reactions/:id/likes/:value). */
export function reactToAudio(audioId: string, kind: TReactionKind | null) {
  return requestRoute<typeof audioRoutes.reactToAudio>('PUT /api/audio/audio_reactions/:id/:kind/:value', {
    params: { id: audioId, kind: 'likes', value: kind ?? 'none' },
  });
}

type Snapshot = [QueryKey, unknown][];

/**
 * A reaction, shown at once in every cached copy of the track, then sent; the server's
 * counts (everyone's reactions) replace the guess, and a refusal puts the copies back.
 * Reactions to one track go one after another, so a quick second press never races the first.
 */
export function useReactToAudio(audioId: string) {
  const queryClient = useQueryClient();
  const patchEverywhere = (patch: (track: TAudio) => TAudio) =>
    queryClient.setQueriesData({ queryKey: audioQueryKey }, (data: unknown) =>
      patchAudioInData(data, audioId, patch),
    );
  return useMutation<TAudioReactionsResponse, Error, TReactionKind | null, { snapshot: Snapshot }>({
    scope: { id: `react-audio-${audioId}` },
    mutationFn: (kind) => reactToAudio(audioId, kind),
    onMutate: async (kind) => {
      // Only this track's own answer: a list page or a waveform on its way is left to land.
      await queryClient.cancelQueries({ queryKey: audioTrackQueryKey(audioId) });
      const snapshot = queryClient.getQueriesData({ queryKey: audioQueryKey });
      patchEverywhere((track) => applyAudioReaction(track, kind));
      return { snapshot };
    },
    onSuccess: ({ reactionCounts, viewerReaction, plays }) => {
      patchEverywhere((track) => ({ ...track, reactionCounts, viewerReaction, plays }));
    },
    onError: (_error, _kind, context) => {
      for (const [queryKey, data] of context?.snapshot ?? []) queryClient.setQueryData(queryKey, data);
    },
  });
}
