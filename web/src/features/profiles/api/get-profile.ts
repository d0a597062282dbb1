import type { profileRoutes, TProfile } from '@stagepass/contract/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';

// Types only from the contract, so pages that show a profile do not load zod with it.
export type { TProfile };

/** Every cached profile sits under this prefix; mutations invalidate by it. */
export const profilesQueryKey = ['profiles'] as const;

/** '@Ana', 'ana' and 'ANA' are one profile, cached once. */
export function profileQueryKey(username: string) {
  return [...profilesQueryKey, username.trim().replace(/^@/, '').toLowerCase()] as const;
}

/** The spec's "Profile view" of a username (with or without the @); a 404 ApiError when none. */
export function getProfile(username: string, { signal }: { signal?: AbortSignal } = {}) {
  const bare = username.trim().replace(/^@/, '');
  return requestRoute<typeof profileRoutes.getProfile>('GET /api/users/:username', {
    params: { username: bare },
    signal,
  });
}

export function getProfileQueryOptions(username: string) {
  return queryOptions({
    queryKey: profileQueryKey(username),
    queryFn: ({ signal }) => getProfile(username, { signal }),
    // The spec keeps profile data fresh for 10 minutes.
    staleTime: 10 * 60 * 1000,
  });
}

export function useProfile(username: string, { isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...getProfileQueryOptions(username), enabled: isEnabled && username.length > 0 });
}
