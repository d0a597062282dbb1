import type { videoRoutes } from '@stagepass/contract/video';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { patchItemEverywhere } from '../../../lib/items/item-cache';
import { itemSummaryQueryKey, videoQueryKey } from '../../../lib/items/item-query-keys';
import { toPathName } from './video-query-keys';

type DeleteVideoRequest = {
  /** The author's username, with or without its '@'. */
  username: string;
  videoId: string;
  /** The video's file (a series: its videoId): the server checks it is this video's. */
  publicId: string;
};

/** Deletes one of the author's videos (a series with its episodes) and its files; answers the message to show. */
export function deleteVideo({ username, videoId, publicId }: DeleteVideoRequest) {
  return requestRoute<typeof videoRoutes.deleteVideo>('POST /api/video/delete_video/:a/:b', {
    params: { a: toPathName(username), b: videoId },
    body: { public_id: publicId },
  });
}

type DeleteManyRequest = {
  username: string;
  /** The list the selection was made in, which the server names back. */
  queryKey: 'profile_videos' | 'fetch_videos';
  videoIds: string[];
};

/** Deletes several of the author's videos at once: all of them, or none. */
export function deleteManyVideos({ username, queryKey, videoIds }: DeleteManyRequest) {
  return requestRoute<typeof videoRoutes.deleteManyVideos>('POST /api/video/delete-many/:id/:queryKey', {
    params: { id: toPathName(username), queryKey },
    body: { videoIds },
  });
}

/** Removes a video's cover photo (POST /api/video/delete_asset/:id); the video stays. */
export function deleteVideoCover({ videoId, coverPublicId }: { videoId: string; coverPublicId: string }) {
  return requestRoute<typeof videoRoutes.deleteVideoAsset>('POST /api/video/delete_asset/:id', {
    params: { id: videoId },
    body: { public_id: coverPublicId },
  });
}

/** The deleted videos leave every cached list at once; the lists are read again for the rest (counts, episodes). */
function forgetVideos(queryClient: ReturnType<typeof useQueryClient>, videoIds: readonly string[]) {
  for (const videoId of videoIds) {
    queryClient.removeQueries({ queryKey: itemSummaryQueryKey(videoId) });
    patchItemEverywhere(queryClient, videoId, { video: () => null });
  }
  void queryClient.invalidateQueries({ queryKey: videoQueryKey });
}

export function useDeleteVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: (_answer, { videoId }) => forgetVideos(queryClient, [videoId]),
  });
}

export function useDeleteManyVideos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteManyVideos,
    onSuccess: (answer) => forgetVideos(queryClient, answer.deleted),
  });
}

export function useDeleteVideoCover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVideoCover,
    onSuccess: (_answer, { videoId }) =>
      patchItemEverywhere(queryClient, videoId, { video: (video) => ({ ...video, cover_url: null }) }),
  });
}
