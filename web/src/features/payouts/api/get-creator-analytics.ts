import type {
  creatorAnalyticsRoutes,
  TAnalyticsRange,
  TCreatorAnalyticsResponse,
} from '@stagepass/contract/creator-analytics';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { creatorAnalyticsQueryKey } from './payouts-query-keys';

export type { TAnalyticsRange, TCreatorAnalyticsResponse };

/** GET /api/creator/analytics?range=7|30|90: earnings by day and source, passes, top items, followers. */
export function getCreatorAnalyticsQueryOptions(range: TAnalyticsRange) {
  return queryOptions({
    queryKey: creatorAnalyticsQueryKey(range),
    queryFn: ({ signal }) =>
      requestRoute<typeof creatorAnalyticsRoutes.getCreatorAnalytics>('GET /api/creator/analytics', {
        query: { range },
        signal,
      }),
    staleTime: 60 * 1000,
  });
}

/** The range shown stays on screen while the next one loads. */
export function useCreatorAnalytics(range: TAnalyticsRange) {
  return useQuery({ ...getCreatorAnalyticsQueryOptions(range), placeholderData: keepPreviousData });
}
