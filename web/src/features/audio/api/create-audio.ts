import type { audioRoutes, TCreateAudioRequest } from '@stagepass/contract/audio';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { audioQueryKey } from '../../../lib/items/item-query-keys';

/** Publishes a track as the signed-in creator; a repeat with the same audioId is the same track. */
export function createAudio(draft: TCreateAudioRequest) {
  return requestRoute<typeof audioRoutes.createAudio>('POST /api/audio/create', { body: draft });
}

export function useCreateAudio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAudio,
    // The creator's Audio tab and player lists show the new track.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: audioQueryKey }),
  });
}
