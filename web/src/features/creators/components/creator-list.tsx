import type { TCreatorCard, TCreatorsPage } from '@stagepass/contract/profiles';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PagedList } from '../../../ui/paged-list';
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
  const creators = query.data?.pages.flatMap((page) => page.creators) ?? [];
  return (
    <PagedList
      query={query}
      itemCount={creators.length}
      isInfinite={isInfinite}
      loading={<LoadingCreatorCards label={label} count={CREATORS_PAGE_SIZE} />}
      failed={<LoadError message="The creators could not be loaded." onRetry={() => void query.refetch()} />}
      empty={<div className="creator-list__empty">{empty}</div>}
      moreClassName="creator-list__more"
      renderNextPageFailure={(retry) => (
        <LoadError message="More creators could not be loaded." onRetry={retry} />
      )}
    >
      <CreatorCards creators={creators} label={label} isBusy={query.isFetchingNextPage}>
        {query.isFetchingNextPage
          ? Array.from({ length: NEXT_PAGE_SKELETONS }, (_, index) => <CreatorCardSkeleton key={index} />)
          : null}
      </CreatorCards>
    </PagedList>
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
