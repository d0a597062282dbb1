import type { TReportRequest } from '@stagepass/contract/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { hideBlockedAccount } from './block-caches';
import { profileQueryKey, type TProfile } from './get-profile';

/** message: 'Report submited!' for a report, '{name} has been blocked.' for a block. */
export type TReportResponse = { success: true; message: string };

/** Reports a profile to the moderators, or blocks it for the signed-in user. */
export function reportProfile(username: string, body: TReportRequest) {
  const bare = username.trim().replace(/^@/, '');
  return requestApi<TReportResponse>(`/api/users/${encodeURIComponent(bare)}/report`, {
    method: 'POST',
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
