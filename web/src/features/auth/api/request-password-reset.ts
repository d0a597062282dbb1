import type { authRoutes, TForgotPasswordRequest } from '@stagepass/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';

/**
 * Asks for a reset link by mail (POST /api/auth/forgot-password). The answer is the same
 * whether or not an account uses the email.
 */
export function requestPasswordReset({ email }: TForgotPasswordRequest) {
  return requestRoute<typeof authRoutes.forgotPassword>('POST /api/auth/forgot-password', {
    body: { email },
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
