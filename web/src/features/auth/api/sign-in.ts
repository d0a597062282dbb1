import type { authRoutes, TSignInRequest } from '@stagepass/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { sessionQueryHash, sessionQueryKey } from '../../../lib/session';

export function signIn(body: TSignInRequest) {
  return requestRoute<typeof authRoutes.signIn>('POST /api/auth/signin', { body });
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
