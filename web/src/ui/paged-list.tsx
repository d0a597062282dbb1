import { type ReactNode, useCallback, useRef } from 'react';
import { useSentinel } from '../lib/use-sentinel';

/** What the list needs of its query: TanStack Query's useInfiniteQuery result fits. */
export type PagedQuery = {
  data?: { pages: readonly unknown[] };
  isPending: boolean;
  isError: boolean;
  isFetchNextPageError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: (options?: { cancelRefetch?: boolean }) => Promise<unknown>;
};

type PagedListProps = {
  query: PagedQuery;
  /** How many items the pages loaded so far hold. */
  itemCount: number;
  /** While the first page loads. */
  loading: ReactNode;
  /** When the first page could not be loaded (its Retry calls the query's refetch). */
  failed: ReactNode;
  /** When there is no item at all. */
  empty: ReactNode;
  /** The items loaded so far: the list element with its accessible name. */
  children: ReactNode;
  /** Also loads the next page when the end of the list comes within a screen of the viewport. */
  isInfinite?: boolean;
  /** The class of the row that holds the button (and the sentinel). */
  moreClassName: string;
  moreLabel?: string;
  moreButtonClassName?: string;
  /** What takes the button's place after the next page failed; by default the button says Retry. */
  renderNextPageFailure?: (retry: () => void) => ReactNode;
};

/**
 * A keyset-paged list: what stands in while the first page loads, fails or is empty, then
 * the items and, while there are more, a button for the next page, which is also how a
 * keyboard, and a browser without IntersectionObserver, gets it when the list loads on
 * scrolling (`isInfinite`).
 */
export function PagedList({
  query,
  itemCount,
  loading,
  failed,
  empty,
  children,
  isInfinite = false,
  moreClassName,
  moreLabel = 'Load more',
  moreButtonClassName = 'button button--secondary',
  renderNextPageFailure,
}: PagedListProps) {
  const { data, isPending, isError, isFetchNextPageError, hasNextPage, isFetchingNextPage, fetchNextPage } =
    query;
  const sentinelRef = useRef<HTMLDivElement>(null);
  const loadNextPage = useCallback(() => {
    void fetchNextPage({ cancelRefetch: false });
  }, [fetchNextPage]);

  useSentinel(sentinelRef, {
    // After a failed page the Retry button takes over: scrolling must not retry in a loop.
    isEnabled: isInfinite && hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
    onVisible: loadNextPage,
    resetKey: data?.pages.length,
  });

  if (isPending) return loading;
  if (isError && itemCount === 0) return failed;
  if (itemCount === 0) return empty;

  const more =
    isFetchNextPageError && renderNextPageFailure ? (
      renderNextPageFailure(loadNextPage)
    ) : hasNextPage || isFetchNextPageError ? (
      <div className={moreClassName} ref={sentinelRef}>
        <button
          type="button"
          className={moreButtonClassName}
          // Not disabled while loading: a disabled button would drop the keyboard focus.
          aria-disabled={isFetchingNextPage}
          onClick={() => {
            if (!isFetchingNextPage) loadNextPage();
          }}
        >
          {isFetchingNextPage ? 'Loading…' : isFetchNextPageError ? 'Retry' : moreLabel}
        </button>
      </div>
    ) : null;
  return (
    <>
      {children}
      {more}
    </>
  );
}
