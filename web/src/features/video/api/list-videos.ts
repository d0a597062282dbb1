import type { TVideosPage, videoRoutes } from '@stagepass/contract/video';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { requestRoute } from '../../../lib/api-client';
import { profileVideosQueryKey } from '../../../lib/items/item-query-keys';
import { flattenVideoPages, hasProcessingVideo, readNextVideoPage } from './video-pages';
import {
  creatorVideosQueryKey,
  discoverVideosQueryKey,
  relatedVideosQueryKey,
  toPathName,
  VIDEO_PROCESSING_POLL_MS,
} from './video-query-keys';

// Types only from the contract: the lists load no zod. Every list is keyset-paged: the
// cursor '0', then the answer's nextPage.

type PageRequest = { cursor: string; signal?: AbortSignal };

/** A creator's stand-alone videos and series, newest first (the profile's Videos tab). */
export function listProfileVideos({ username, cursor, signal }: PageRequest & { username: string }) {
  return requestRoute<typeof videoRoutes.listProfileVideos>('GET /api/video/profile_videos/:a/:b', {
    params: { a: toPathName(username), b: cursor },
    signal,
  });
}

/** Every video of a creator, episodes included; to the author also those processing or failed. */
export function listCreatorVideos({ username, cursor, signal }: PageRequest & { username: string }) {
  return requestRoute<typeof videoRoutes.listUserVideos>('GET /api/video/fetch_videos/:a/:b', {
    params: { a: toPathName(username), b: cursor },
    signal,
  });
}

/** Videos related to one: its creator's first, then others'. */
export function listRelatedVideos({ videoId, cursor, signal }: PageRequest & { videoId: string }) {
  return requestRoute<typeof videoRoutes.listRelatedVideos>('GET /api/video/fetch_related_videos/:a/:b', {
    params: { a: videoId, b: cursor },
    signal,
  });
}

/** New and rising videos from creators the viewer does not follow yet. */
export function discoverVideos({ cursor, signal }: PageRequest) {
  return requestRoute<typeof videoRoutes.discoverVideos>('GET /api/video/discover/:x', {
    params: { x: cursor },
    signal,
  });
}

// The author sees a new video while it is processed; the list is read again until it is ready.
const pollWhileProcessing = (query: { state: { data?: { pages: TVideosPage[] } } }) =>
  hasProcessingVideo(query.state.data?.pages) ? VIDEO_PROCESSING_POLL_MS : false;

const paging = { initialPageParam: '0', getNextPageParam: readNextVideoPage } as const;

export function useProfileVideos(username: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      ...paging,
      queryKey: profileVideosQueryKey(username),
      queryFn: ({ pageParam, signal }) => listProfileVideos({ username, cursor: pageParam, signal }),
      refetchInterval: pollWhileProcessing,
    }),
  );
}

export function useCreatorVideos(username: string, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      ...paging,
      queryKey: creatorVideosQueryKey(username),
      queryFn: ({ pageParam, signal }) => listCreatorVideos({ username, cursor: pageParam, signal }),
      refetchInterval: pollWhileProcessing,
      enabled: isEnabled,
    }),
  );
}

export function useRelatedVideos(videoId: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      ...paging,
      queryKey: relatedVideosQueryKey(videoId),
      queryFn: ({ pageParam, signal }) => listRelatedVideos({ videoId, cursor: pageParam, signal }),
    }),
  );
}

export function useDiscoverVideos() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      ...paging,
      queryKey: discoverVideosQueryKey,
      queryFn: ({ pageParam, signal }) => discoverVideos({ cursor: pageParam, signal }),
    }),
  );
}

/**
 * The creator's series, to put an episode into (create, edit-episode): the profile's list
 * read to its end (series are few), then kept to the series.
 */
export function useCreatorSeries(username: string) {
  const query = useProfileVideos(username);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const series = flattenVideoPages(query.data?.pages).filter((video) => video.type === 'series');
  return {
    series,
    isPending: query.isPending || hasNextPage,
    isError: query.isError,
    refetch: query.refetch,
  };
}
