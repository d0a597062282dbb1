import type { TSessionUser } from '@stagepass/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, requestApi } from '../../../lib/api-client';

// Types only: the session is read on every visit, and the contract's schemas would bring
// zod into the first-load JavaScript.
export type { TSessionUser };

export const sessionQueryKey = ['auth', 'session'] as const;
export const sessionQueryHash = JSON.stringify(sessionQueryKey);

/** Resolves with the signed-in user (spec: "User (session view)"), or null for a signed-out visitor. */
export async function fetchSession({ signal }: { signal?: AbortSignal } = {}): Promise<TSessionUser | null> {
  try {
    return await requestApi<TSessionUser>('/api/auth/session', { signal });
  } catch (error) {
    // 401: no valid session, the normal state of a signed-out visitor.
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function getSessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => fetchSession({ signal }),
    // The spec keeps profile data fresh for 10 minutes.
    staleTime: 10 * 60 * 1000,
    retry: false,
  });
}

export function useSession() {
  return useQuery(getSessionQueryOptions());
}

/** Creators see 'Create' where fans see 'Find Creators'. */
export function isCreator(user: TSessionUser | null | undefined) {
  return user?.account_type?.name === 'creator';
}
