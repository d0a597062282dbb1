import type { TSignInRequest, ZSignInResponse } from '@stagepass/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { sessionQueryHash, sessionQueryKey } from '../../../lib/session';

export type TSignInResponse = ReturnType<(typeof ZSignInResponse)['parse']>;

export function signIn(body: TSignInRequest) {
  return requestApi<TSignInResponse>('/api/auth/signin', { method: 'POST', body });
}

/**
 * Signs in; the answer's user becomes the session at once (the cookie is set by the
 * server), and answers cached for the signed-out visitor are fetched again.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(sessionQueryKey, user);
      void queryClient.invalidateQueries({ predicate: (query) => query.queryHash !== sessionQueryHash });
    },
  });
}
