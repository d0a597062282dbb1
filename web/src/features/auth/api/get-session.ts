import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, requestApi } from '../../../lib/api-client';

/**
 * The signed-in user as the session call returns it (spec: "User (session view)"). Typed
 * loosely here on purpose: the accounts work replaces it with the contract's type.
 */
export type SessionUser = {
  _id: string;
  username: string;
  account_type?: { name?: string; tools?: string; cartegory?: string } | null;
  accountBalance?: { amount: number };
  country?: { code?: string; country_code?: string; currency_code?: string };
  payment_methods?: { mobileMoney?: unknown[]; bank?: unknown[] };
  security_question?: { question?: string; answer?: string };
  autoPayout?: { enabled: boolean };
  [field: string]: unknown;
};

export const sessionQueryKey = ['auth', 'session'] as const;

/** Resolves with the signed-in user, or null for a signed-out visitor. */
export async function fetchSession({ signal }: { signal?: AbortSignal } = {}): Promise<SessionUser | null> {
  try {
    return await requestApi<SessionUser>('/api/auth/session', { signal });
  } catch (error) {
    // 401: no valid session. 404: the session route does not exist yet (it comes with the
    // accounts work), so a signed-out visitor is the normal state until then.
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return null;
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
export function isCreator(user: SessionUser | null | undefined) {
  return user?.account_type?.name === 'creator';
}
