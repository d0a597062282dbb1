import type { postRoutes } from '@stagepass/contract/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { patchItemEverywhere } from '../../../lib/items/item-cache';
import { itemSummaryQueryKey, postQueryKey } from '../../../lib/items/item-query-keys';

/** Deletes one of the signed-in creator's posts with its media; answers the message to show. */
export function deletePost(postId: string) {
  return requestRoute<typeof postRoutes.deletePost>('DELETE /api/post/delete/:id', {
    params: { id: postId },
  });
}

/** Deletes the post and takes it out of every cached list at once. */
export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId }: { postId: string }) => deletePost(postId),
    onSuccess: (_answer, { postId }) => {
      queryClient.removeQueries({ queryKey: postQueryKey(postId) });
      queryClient.removeQueries({ queryKey: itemSummaryQueryKey(postId) });
      patchItemEverywhere(queryClient, postId, { post: () => null });
    },
  });
}
