import type { profileRoutes, TReportRequest } from '@stagepass/contract/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { hideBlockedAccount } from './block-caches';
import { profileQueryKey, type TProfile } from './get-profile';

/**
 * Reports a profile to the moderators, or blocks it for the signed-in user. The answer's
 * message: 'Report submited!' for a report, '{name} has been blocked.' for a block.
 */
export function reportProfile(username: string, body: TReportRequest) {
  const bare = username.trim().replace(/^@/, '');
  return requestRoute<typeof profileRoutes.reportProfile>('POST /api/users/:username/report', {
    params: { username: bare },
    body,
  });
}

export function useReportProfile(username: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TReportRequest) => reportProfile(username, body),
    onSuccess: async (_answer, { kind }) => {
      if (kind !== 'block') return;
      // The profile was open when the modal was: its id also catches posts made under an
      // earlier username.
      const userId = queryClient.getQueryData<TProfile>(profileQueryKey(username))?._id;
      await hideBlockedAccount(queryClient, { username, userId });
    },
  });
}
