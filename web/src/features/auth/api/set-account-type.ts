import type { TSetAccountTypeRequest, ZSessionUserResponse } from '@stagepass/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

export type TSessionUserResponse = ReturnType<(typeof ZSessionUserResponse)['parse']>;

/** Makes the signed-in account a fan or a creator (with a category). */
export function setAccountType(body: TSetAccountTypeRequest) {
  return requestApi<TSessionUserResponse>('/api/users/account-type', { method: 'PUT', body });
}

export function useSetAccountType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAccountType,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(sessionQueryKey, user);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
