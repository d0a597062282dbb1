import type { TSetAccountTypeRequest, usersRoutes } from '@stagepass/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

/** Makes the signed-in account a fan or a creator (with a category). */
export function setAccountType(body: TSetAccountTypeRequest) {
  return requestRoute<typeof usersRoutes.setAccountType>('PUT /api/users/account-type', { body });
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
