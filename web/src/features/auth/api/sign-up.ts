import type { TSignUpRequest, ZSignUpResponse } from '@stagepass/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

export type TSignUpResponse = ReturnType<(typeof ZSignUpResponse)['parse']>;

/** Creates the account and signs it in (email not verified yet); the server mails a 6-digit code. */
export function signUp(body: TSignUpRequest) {
  return requestApi<TSignUpResponse>('/api/auth/signup', { method: 'POST', body });
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
