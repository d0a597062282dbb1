import type { memberRoutes, TMember, TMembersResponse } from '@stagepass/contract/members';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';

export type { TMember, TMembersResponse };

export const MEMBERS_PAGE_SIZE = 20;
export const membersQueryKey = ['members'] as const;

/** One page of the signed-in creator's members, newest member first (GET /api/creator/members). */
export function fetchMembersPage({ cursor, signal }: { cursor: string; signal?: AbortSignal }) {
  return requestRoute<typeof memberRoutes.listMembers>('GET /api/creator/members', {
    query: { cursor, limit: MEMBERS_PAGE_SIZE },
    signal,
  });
}

export function getMembersQueryOptions() {
  return infiniteQueryOptions({
    queryKey: membersQueryKey,
    queryFn: ({ pageParam, signal }) => fetchMembersPage({ cursor: pageParam, signal }),
    initialPageParam: '0',
    getNextPageParam: (page: TMembersResponse) => page.nextCursor ?? undefined,
  });
}

export function useMembers() {
  return useInfiniteQuery(getMembersQueryOptions());
}
