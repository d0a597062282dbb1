import type { authRoutes, TSignOutResponse } from '@stagepass/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { sessionQueryHash, sessionQueryKey } from '../../../lib/session';

export function signOut() {
  return requestRoute<typeof authRoutes.signOut>('POST /api/auth/signout');
}

/**
 * Signs out on the server (which revokes the session and removes the cookie), then forgets
 * every cached query: answers fetched for the signed-in user must not outlive the session.
 * The session entry itself is set to null rather than removed, so the shell, which is
 * observing it, switches to the signed-out view at once.
 */
export function useSignOut({
  onSuccess,
  onError,
}: {
  onSuccess?: (answer: TSignOutResponse) => void;
  onError?: () => void;
} = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: (answer) => {
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== sessionQueryHash });
      queryClient.setQueryData(sessionQueryKey, null);
      onSuccess?.(answer);
    },
    onError,
  });
}
