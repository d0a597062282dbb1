import type { postRoutes, TPostsPage } from '@stagepass/contract/posts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { creatorPostsQueryKey, feedQueryKey } from '../../../lib/items/item-query-keys';
import { hasProcessingMedia, readNextCursor } from '../post-cache';
import { POSTS_PAGE_SIZE, PROCESSING_POLL_MS } from './post-paging';

type PageOptions = { cursor: string; signal?: AbortSignal };

/** The home feed: posts of the creators the signed-in user follows (GET /api/feed). */
export function fetchFeedPage({ cursor, signal }: PageOptions) {
  return requestRoute<typeof postRoutes.listFeed>('GET /api/feed', {
    query: { cursor, limit: POSTS_PAGE_SIZE },
    signal,
  });
}

/** A creator's posts, newest first (GET /api/post/fetch-all/:x, x being the username). */
export function fetchCreatorPostsPage({ username, cursor, signal }: PageOptions & { username: string }) {
  const bare = username.trim().replace(/^@/, '');
  return requestRoute<typeof postRoutes.listCreatorPosts>('GET /api/post/fetch-all/:x', {
    params: { x: bare },
    query: { cursor, limit: POSTS_PAGE_SIZE },
    signal,
  });
}

// The author sees a new photo or video while it is processed; the list is read again until it is ready.
const pollWhileProcessing = (query: { state: { data?: { pages: TPostsPage[] } } }) =>
  hasProcessingMedia(query.state.data?.pages.flatMap((page) => page.posts) ?? [])
    ? PROCESSING_POLL_MS
    : false;

export function getFeedQueryOptions() {
  return infiniteQueryOptions({
    queryKey: feedQueryKey,
    queryFn: ({ pageParam, signal }) => fetchFeedPage({ cursor: pageParam, signal }),
    initialPageParam: '0',
    getNextPageParam: readNextCursor,
  });
}

export function getCreatorPostsQueryOptions(username: string) {
  return infiniteQueryOptions({
    queryKey: creatorPostsQueryKey(username),
    queryFn: ({ pageParam, signal }) => fetchCreatorPostsPage({ username, cursor: pageParam, signal }),
    initialPageParam: '0',
    getNextPageParam: readNextCursor,
    refetchInterval: pollWhileProcessing,
  });
}

export function useFeed() {
  return useInfiniteQuery(getFeedQueryOptions());
}

export function useCreatorPosts(username: string) {
  return useInfiniteQuery(getCreatorPostsQueryOptions(username));
}
