import type { authRoutes } from '@stagepass/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';

/** Whether a username (with or without @) is free, with two free ones to offer when it is not. */
export function getUsernameAvailability(username: string, { signal }: { signal?: AbortSignal } = {}) {
  return requestRoute<typeof authRoutes.getUsernameAvailability>(
    'GET /api/auth/username-available/:username',
    {
      params: { username },
      signal,
    },
  );
}

export function getUsernameAvailabilityQueryOptions(username: string) {
  return queryOptions({
    queryKey: ['auth', 'username-availability', username.replace(/^@/, '').toLowerCase()],
    queryFn: ({ signal }) => getUsernameAvailability(username, { signal }),
    staleTime: 15 * 1000,
  });
}

/** Checks `username` when `isEnabled` (the caller debounces and checks the format first). */
export function useUsernameAvailability(username: string, { isEnabled }: { isEnabled: boolean }) {
  return useQuery({ ...getUsernameAvailabilityQueryOptions(username), enabled: isEnabled });
}
