import type { TResetPasswordRequest, ZResetPasswordResponse } from '@stagepass/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

export type TResetPasswordResponse = ReturnType<(typeof ZResetPasswordResponse)['parse']>;

/** Sets a new password with a reset link's token. An expired or unknown link is a 400. */
export function resetPassword(body: TResetPasswordRequest) {
  return requestApi<TResetPasswordResponse>('/api/auth/reset-password', { method: 'POST', body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
