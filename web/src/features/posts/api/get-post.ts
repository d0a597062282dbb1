import type { postRoutes } from '@stagepass/contract/posts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { postQueryKey } from '../../../lib/items/item-query-keys';
import { hasProcessingMedia } from '../post-cache';
import { PROCESSING_POLL_MS } from './post-paging';

// Types only from the contract: post items ship with the profile page, which must stay free of zod.

/** One post as the viewer may see it (GET /api/post/fetch-post/:id). */
export function fetchPost(postId: string, { signal }: { signal?: AbortSignal } = {}) {
  return requestRoute<typeof postRoutes.getPost>('GET /api/post/fetch-post/:id', {
    params: { id: postId },
    signal,
  });
}

export function getPostQueryOptions(postId: string) {
  return queryOptions({
    queryKey: postQueryKey(postId),
    queryFn: ({ signal }) => fetchPost(postId, { signal }),
    // A missing post stays missing; no point in asking three times.
    retry: false,
    refetchInterval: (query) =>
      query.state.data && hasProcessingMedia([query.state.data.post]) ? PROCESSING_POLL_MS : false,
  });
}

export function usePost(postId: string) {
  return useQuery(getPostQueryOptions(postId));
}
