import type { authRoutes, TResetPasswordRequest } from '@stagepass/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';

/** Sets a new password with a reset link's token. An expired or unknown link is a 400. */
export function resetPassword(body: TResetPasswordRequest) {
  return requestRoute<typeof authRoutes.resetPassword>('POST /api/auth/reset-password', { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
