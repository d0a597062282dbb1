import type { passRoutes, TPass, TPassesResponse } from '@stagepass/contract/passes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';

// Types only from the contract: the pages and the reminder banner must not bring zod.
export type { TPass, TPassesResponse };

export const passesQueryKey = ['passes', 'mine'] as const;

/** GET /api/passes: the signed-in fan's passes, active first, each saying whether it ends soon. */
export function getPassesQueryOptions() {
  return queryOptions({
    queryKey: passesQueryKey,
    queryFn: ({ signal }) => requestRoute<typeof passRoutes.listPasses>('GET /api/passes', { signal }),
    select: (answer) => answer.passes,
    staleTime: 60 * 1000,
  });
}

export function usePasses({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...getPassesQueryOptions(), enabled: isEnabled });
}
