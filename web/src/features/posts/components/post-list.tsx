import type { TPostsPage } from '@stagepass/contract/posts';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useCallback, useRef } from 'react';
import { useSentinel } from '../../../lib/use-sentinel';
import { flattenPostPages } from '../post-cache';
import { PostItem } from './post-item';
import './post-item.css';

type PostListProps = {
  query: UseInfiniteQueryResult<InfiniteData<TPostsPage>>;
  /** The list's accessible name, e.g. 'Posts of Ana'. */
  label: string;
  viewerId: string | null;
  /** Shown when there is no post at all. */
  empty: ReactNode;
};

/**
 * Posts a page at a time: skeletons while the first page loads, the next page when the end
 * of the list scrolls into view or with 'Load more' (the keyboard's way), and Retry after a
 * failure. The spec swallows fetch errors of posts: a failure says only that nothing came.
 */
export function PostList({ query, label, viewerId, empty }: PostListProps) {
  const { data, isPending, isError, isFetchNextPageError, hasNextPage, isFetchingNextPage, fetchNextPage } =
    query;
  const sentinelRef = useRef<HTMLDivElement>(null);
  const loadNextPage = useCallback(() => {
    void fetchNextPage({ cancelRefetch: false });
  }, [fetchNextPage]);
  const posts = flattenPostPages(data?.pages);

  useSentinel(sentinelRef, {
    isEnabled: hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
    onVisible: loadNextPage,
    resetKey: data?.pages.length,
  });

  if (isPending) return <PostSkeletons label={label} />;
  if (isError && posts.length === 0) {
    return (
      <div className="post-list__empty">
        <p>No posts to show right now.</p>
        <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  if (posts.length === 0) return <div className="post-list__empty">{empty}</div>;

  return (
    <>
      <ul className="post-list" aria-label={label} aria-busy={isFetchingNextPage}>
        {posts.map((post) => (
          <li key={post.postId}>
            <PostItem post={post} viewerId={viewerId} />
          </li>
        ))}
      </ul>
      {hasNextPage || isFetchNextPageError ? (
        <div className="post-list__more" ref={sentinelRef}>
          <button
            type="button"
            className="button button--secondary"
            aria-disabled={isFetchingNextPage}
            onClick={() => {
              if (!isFetchingNextPage) loadNextPage();
            }}
          >
            {isFetchingNextPage ? 'Loading…' : isFetchNextPageError ? 'Retry' : 'Load more'}
          </button>
        </div>
      ) : null}
    </>
  );
}

export function PostSkeletons({ label, count = 3 }: { label: string; count?: number }) {
  return (
    <>
      <p role="status" className="visually-hidden">
        Loading posts…
      </p>
      <ul className="post-list" aria-label={label} aria-busy="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="post-item post-item--skeleton" aria-hidden="true">
            <span className="post-skeleton post-skeleton--line" />
            <span className="post-skeleton post-skeleton--line" />
            <span className="post-skeleton post-skeleton--media" />
          </li>
        ))}
      </ul>
    </>
  );
}
