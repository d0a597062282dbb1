import type { postRoutes, TCreatePostRequest } from '@stagepass/contract/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { postsQueryKey } from '../../../lib/items/item-query-keys';

/** Publishes a post as the signed-in creator; a repeat with the same postId is the same post. */
export function createPost(draft: TCreatePostRequest) {
  return requestRoute<typeof postRoutes.createPost>('POST /api/post/create', { body: draft });
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    // The creator's profile and the feeds show the new post.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postsQueryKey }),
  });
}
