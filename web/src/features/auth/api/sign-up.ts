import type { authRoutes, TSignUpRequest } from '@stagepass/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

/** Creates the account and signs it in (email not verified yet); the server mails a 6-digit code. */
export function signUp(body: TSignUpRequest) {
  return requestRoute<typeof authRoutes.signUp>('POST /api/auth/signup', { body });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(sessionQueryKey, user);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
