import type { TChangePasswordRequest } from '@stagepass/contract/account-settings';
import { useMutation } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** Sets a new password; the server signs out every other session, this one stays. */
export function changePassword(body: TChangePasswordRequest) {
  return requestApi<{ success: true; message: string }>('/api/account/password', { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
