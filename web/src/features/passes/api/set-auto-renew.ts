import type { passRoutes, TPassesResponse } from '@stagepass/contract/passes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { passesQueryKey } from './list-passes';

type AutoRenewChange = { username: string; isEnabled: boolean };

/** PUT /api/passes/:creator/auto-renew: opts a pass in or out of renewing from the wallet balance. */
export function setAutoRenew({ username, isEnabled }: AutoRenewChange) {
  return requestRoute<typeof passRoutes.setAutoRenew>('PUT /api/passes/:creator/auto-renew', {
    params: { creator: username },
    body: { enabled: isEnabled },
  });
}

/**
 * The switch moves at once; a refusal puts it back as it was and says so in a toast. The
 * list is read again afterwards either way, so it ends as the server has it.
 */
export function useSetAutoRenew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAutoRenew,
    onMutate: async ({ username, isEnabled }) => {
      await queryClient.cancelQueries({ queryKey: passesQueryKey });
      const before = queryClient.getQueryData<TPassesResponse>(passesQueryKey);
      queryClient.setQueryData<TPassesResponse>(
        passesQueryKey,
        (answer) =>
          answer && {
            ...answer,
            passes: answer.passes.map((pass) =>
              pass.creator.username === username ? { ...pass, isAutoRenew: isEnabled } : pass,
            ),
          },
      );
      return { before };
    },
    onError: (_error, { isEnabled }, context) => {
      if (context?.before) queryClient.setQueryData(passesQueryKey, context.before);
      toast.error(
        isEnabled
          ? 'Auto-renew could not be turned on. Try again.'
          : 'Auto-renew could not be turned off. Try again.',
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: passesQueryKey }),
  });
}
