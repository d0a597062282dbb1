import type { ZAuthProvidersResponse } from '@stagepass/contract/auth';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

export type TAuthProviders = ReturnType<(typeof ZAuthProvidersResponse)['parse']>;

export function getAuthProviders() {
  return requestApi<TAuthProviders>('/api/auth/providers');
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
