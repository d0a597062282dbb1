import type { authRoutes, TSessionUser } from '@stagepass/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestRoute } from './api-client';

// Who is signed in is read by the shell and by most features, so it lives here rather than in
// auth/ (features may not reach into app/, and the shell should not lean on one feature).
// Types only: the session is read on every visit, and the contract's schemas would bring
// zod into the first-load JavaScript.
export type { TSessionUser };

export const sessionQueryKey = ['auth', 'session'] as const;
export const sessionQueryHash = JSON.stringify(sessionQueryKey);

/** Resolves with the signed-in user (spec: "User (session view)"), or null for a signed-out visitor. */
export async function fetchSession({ signal }: { signal?: AbortSignal } = {}): Promise<TSessionUser | null> {
  // Signed out, the server answers 204 (no body), which the client reads as null.
  return requestRoute<typeof authRoutes.getSession>('GET /api/auth/session', { signal });
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

/**
 * The signed-in person, in a page or modal whose audience is accounts only (the router and
 * the modal host ask a visitor to sign in before it renders).
 */
export function useSignedInUser(): TSessionUser {
  const { data: user } = useSession();
  if (!user) throw new Error('useSignedInUser is for pages and modals shown to signed-in accounts only');
  return user;
}

/** Creators see 'Create' where fans see 'Find Creators'. */
export function isCreator(user: TSessionUser | null | undefined) {
  return user?.account_type?.name === 'creator';
}
