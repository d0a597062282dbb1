import type { TCreatorCard, TCreatorsPage } from '@stagepass/contract/profiles';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useCallback, useRef } from 'react';
import { useSentinel } from '../../../lib/use-sentinel';
import { CREATORS_PAGE_SIZE } from '../api/creators-query-keys';
import { CreatorCard, CreatorCardSkeleton } from './creator-card';
import { FollowCreatorButton } from './follow-creator-button';
import './creator-list.css';

const NEXT_PAGE_SKELETONS = 2;

type PagedCreatorListProps = {
  query: UseInfiniteQueryResult<InfiniteData<TCreatorsPage>>;
  /** The list's accessible name, e.g. 'All creators'. */
  label: string;
  /** Loads the next page when the end of the list scrolls into view; otherwise only the button does. */
  isInfinite: boolean;
  /** Shown when there is no creator at all. */
  empty: ReactNode;
};

/**
 * A paged list of creator cards: skeletons while the first page loads, an error with
 * Retry, and more pages through scrolling (when `isInfinite`) or the 'Load more' button,
 * which is also how a keyboard, and a browser without IntersectionObserver, gets them.
 */
export function PagedCreatorList({ query, label, isInfinite, empty }: PagedCreatorListProps) {
  const { data, isPending, isError, isFetchNextPageError, hasNextPage, isFetchingNextPage, fetchNextPage } =
    query;
  const sentinelRef = useRef<HTMLDivElement>(null);
  const loadNextPage = useCallback(() => {
    void fetchNextPage({ cancelRefetch: false });
  }, [fetchNextPage]);
  const creators = data?.pages.flatMap((page) => page.creators) ?? [];

  useSentinel(sentinelRef, {
    // After a failed page the Retry button takes over: scrolling must not retry in a loop.
    isEnabled: isInfinite && hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
    onVisible: loadNextPage,
    resetKey: data?.pages.length,
  });

  if (isPending) return <LoadingCreatorCards label={label} count={CREATORS_PAGE_SIZE} />;

  if (isError && creators.length === 0) {
    return <LoadError message="We couldn't load the creators." onRetry={() => void query.refetch()} />;
  }

  if (creators.length === 0) return <div className="creator-list__empty">{empty}</div>;

  return (
    <>
      <CreatorCards creators={creators} label={label} isBusy={isFetchingNextPage}>
        {isFetchingNextPage
          ? Array.from({ length: NEXT_PAGE_SKELETONS }, (_, index) => <CreatorCardSkeleton key={index} />)
          : null}
      </CreatorCards>
      {isFetchNextPageError ? (
        <LoadError message="We couldn't load more creators." onRetry={loadNextPage} />
      ) : hasNextPage ? (
        <div className="creator-list__more" ref={sentinelRef}>
          <button
            type="button"
            className="button button--secondary"
            // Not disabled while loading: a disabled button would drop the keyboard focus.
            aria-disabled={isFetchingNextPage}
            onClick={() => {
              if (!isFetchingNextPage) loadNextPage();
            }}
          >
            {isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </div>
      ) : null}
    </>
  );
}

type CreatorCardsProps = {
  creators: TCreatorCard[];
  label: string;
  isBusy?: boolean;
  children?: ReactNode;
};

/** The grid of cards, each with its Follow button. */
export function CreatorCards({ creators, label, isBusy = false, children }: CreatorCardsProps) {
  return (
    <ul className="creator-grid" aria-label={label} aria-busy={isBusy}>
      {creators.map((creator) => (
        <CreatorCard key={creator._id} creator={creator} action={<FollowCreatorButton creator={creator} />} />
      ))}
      {children}
    </ul>
  );
}

/** Skeleton cards in a busy list, and a quiet word for screen readers. */
export function LoadingCreatorCards({ label, count }: { label: string; count: number }) {
  return (
    <>
      <p role="status" className="visually-hidden">
        Loading creators…
      </p>
      <ul className="creator-grid" aria-label={label} aria-busy="true">
        {Array.from({ length: count }, (_, index) => (
          <CreatorCardSkeleton key={index} />
        ))}
      </ul>
    </>
  );
}

/** A failed load, said out loud, with a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="creator-list__error" role="alert">
      <p>{message}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
