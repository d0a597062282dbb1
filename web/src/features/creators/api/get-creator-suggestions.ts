import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { creatorsQueryKey } from '../../../lib/creators-query-key';
import { fetchCreatorsPage } from './get-creators';

/** Suggestions under the top bar's search box: the best few matches. */
export const SUGGESTION_COUNT = 6;
/** Shorter queries match too much to help, and would cost a request a keystroke. */
export const SUGGESTION_MIN_LENGTH = 2;

export function getCreatorSuggestionsQueryOptions(query: string) {
  return queryOptions({
    queryKey: [...creatorsQueryKey, 'suggestions', { query }],
    queryFn: async ({ signal }) => {
      const page = await fetchCreatorsPage({ query, page: '0', limit: SUGGESTION_COUNT, signal });
      // The server may send a full page; the box shows the first few, in its ranking.
      return page.creators.slice(0, SUGGESTION_COUNT);
    },
    staleTime: 60 * 1000,
  });
}

/** Suggestions for a (debounced) query; the previous ones stay up while the next load. */
export function useCreatorSuggestions(query: string) {
  const trimmed = query.trim();
  return useQuery({
    ...getCreatorSuggestionsQueryOptions(trimmed),
    enabled: trimmed.length >= SUGGESTION_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}
