import type { socialSignInRoutes, TCompleteSocialSignUpRequest } from '@stagepass/contract/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

/** The provider's identity that has no account yet (email, name, role chosen before); 404 when none. */
export function getPendingSocialSignUp() {
  return requestRoute<typeof socialSignInRoutes.getPendingSignUp>('GET /api/auth/oidc/pending');
}

export function usePendingSocialSignUp() {
  return useQuery({
    queryKey: ['auth', 'pending-social-sign-up'],
    queryFn: getPendingSocialSignUp,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Creates the account of that identity (no password) and signs it in. */
export function completeSocialSignUp(body: TCompleteSocialSignUpRequest) {
  return requestRoute<typeof socialSignInRoutes.completeSignUp>('POST /api/auth/oidc/complete-signup', {
    body,
  });
}

export function useCompleteSocialSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeSocialSignUp,
    // The pending identity stays cached: the provider's round trip always reloads the app.
    onSuccess: ({ user }) => queryClient.setQueryData(sessionQueryKey, user),
  });
}
