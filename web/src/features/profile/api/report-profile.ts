import type { TReportRequest } from '@stagepass/contract/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { profilesQueryKey } from './get-profile';
import { creatorsQueryKey } from './toggle-follow';

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
    onSuccess: (_answer, { kind }) => {
      if (kind !== 'block') return;
      // A blocked profile disappears from everything the blocker sees.
      void queryClient.invalidateQueries({ queryKey: profilesQueryKey });
      void queryClient.invalidateQueries({ queryKey: creatorsQueryKey });
    },
  });
}
