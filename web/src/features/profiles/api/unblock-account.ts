import type { blockRoutes } from '@stagepass/contract/profiles';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { blockedAccountsQueryKey, showUnblockedAccount } from './block-caches';
import type { TBlockedAccountsPage } from './get-blocked-accounts';

/** Lifts the signed-in person's block on the account; answers '{name} has been unblocked.'. */
export function unblockAccount(userId: string) {
  return requestRoute<typeof blockRoutes.unblockAccount>('DELETE /api/blocks/:userId', {
    params: { userId },
  });
}

/** The blocked-accounts pages without one account. */
export function withoutBlockedAccount(
  data: InfiniteData<TBlockedAccountsPage> | undefined,
  userId: string,
): InfiniteData<TBlockedAccountsPage> | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      accounts: page.accounts.filter((account) => account._id !== userId),
    })),
  };
}

/** Unblocks, takes the row out of the list at once, and has everything the block hid read again. */
export function useUnblockAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId }: { userId: string }) => unblockAccount(userId),
    onSuccess: async (_answer, { userId }) => {
      // A read of the list that began before the unblock would put the row back.
      await queryClient.cancelQueries({ queryKey: blockedAccountsQueryKey });
      queryClient.setQueryData<InfiniteData<TBlockedAccountsPage>>(blockedAccountsQueryKey, (data) =>
        withoutBlockedAccount(data, userId),
      );
      showUnblockedAccount(queryClient);
    },
  });
}
