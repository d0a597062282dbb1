import type { TPostsPage } from '@stagepass/contract/posts';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PagedList } from '../../../ui/paged-list';
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
  const posts = flattenPostPages(query.data?.pages);
  return (
    <PagedList
      query={query}
      itemCount={posts.length}
      isInfinite
      loading={<PostSkeletons label={label} />}
      failed={
        <div className="post-list__empty">
          <p>No posts to show right now.</p>
          <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
            Retry
          </button>
        </div>
      }
      empty={<div className="post-list__empty">{empty}</div>}
      moreClassName="post-list__more"
    >
      <ul className="post-list" aria-label={label} aria-busy={query.isFetchingNextPage}>
        {posts.map((post) => (
          <li key={post.postId}>
            <PostItem post={post} viewerId={viewerId} />
          </li>
        ))}
      </ul>
    </PagedList>
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
