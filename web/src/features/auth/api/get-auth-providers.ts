import type { socialSignInRoutes } from '@stagepass/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';

export function getAuthProviders() {
  return requestRoute<typeof socialSignInRoutes.getProviders>('GET /api/auth/providers');
}

/** Which social sign-in the server offers (null when none): fixed while the server runs. */
export function useAuthProviders() {
  return useQuery(
    queryOptions({
      queryKey: ['auth', 'providers'],
      queryFn: getAuthProviders,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}
