import type { audioRoutes } from '@stagepass/contract/audio';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { patchItemEverywhere } from '../../../lib/items/item-cache';
import { itemSummaryQueryKey } from '../../../lib/items/item-query-keys';
import { audioPerformanceQueryKey } from './audio-query-keys';

type DeleteAudioRequest = {
  /** The author's username, with or without its '@'. */
  username: string;
  audioId: string;
  /** The track's audio file (audio_asset.public_id): the server checks it is this track's. */
  audioPublicId: string;
};

/** Deletes one of the signed-in creator's tracks with its files; answers the message to show. */
export function deleteAudio({ username, audioId, audioPublicId }: DeleteAudioRequest) {
  return requestRoute<typeof audioRoutes.deleteAudio>('POST /api/audio/delete_audio/:a/:b', {
    params: { a: username.trim().replace(/^@/, ''), b: audioId },
    body: { public_id: audioPublicId },
  });
}

/** Deletes the track and takes it out of every cached list at once. */
export function useDeleteAudio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAudio,
    onSuccess: (_answer, { audioId }) => {
      queryClient.removeQueries({ queryKey: audioPerformanceQueryKey(audioId) });
      queryClient.removeQueries({ queryKey: itemSummaryQueryKey(audioId) });
      patchItemEverywhere(queryClient, audioId, { audio: () => null });
    },
  });
}
