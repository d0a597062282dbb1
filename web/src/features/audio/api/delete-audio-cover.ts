import type { audioRoutes } from '@stagepass/contract/audio';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { patchItemEverywhere } from '../../../lib/items/item-cache';

/** Removes a track's cover from the track and the store; answers the message to show. */
export function deleteAudioCover({ audioId, coverPublicId }: { audioId: string; coverPublicId: string }) {
  return requestRoute<typeof audioRoutes.deleteAudioAsset>('POST /api/audio/delete_asset/:id', {
    params: { id: audioId },
    body: { public_id: coverPublicId },
  });
}

/** Removes the cover and shows the track without it in every cached list at once. */
export function useDeleteAudioCover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAudioCover,
    onSuccess: (_answer, { audioId }) => {
      patchItemEverywhere(queryClient, audioId, { audio: (audio) => ({ ...audio, cover_asset: null }) });
    },
  });
}
