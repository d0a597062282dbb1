import type { accountSettingsRoutes, TDeleteAccountRequest } from '@stagepass/contract/account-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { sessionQueryHash, sessionQueryKey } from '../../../lib/session';

/** Deletes the signed-in account for good; the server also signs this browser out. */
export function deleteAccount(body: TDeleteAccountRequest) {
  return requestRoute<typeof accountSettingsRoutes.deleteAccount>('DELETE /api/account', { body });
}

/**
 * After deletion nothing fetched for the account may linger: every query is dropped and the
 * session becomes null at once, so the shell shows the signed-out view (as after sign-out).
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== sessionQueryHash });
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });
}
