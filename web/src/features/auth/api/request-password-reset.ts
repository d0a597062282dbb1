import type { TMessageResponse } from '@stagepass/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/**
 * Asks for a reset link by mail (POST /api/auth/forgot-password). The answer is the same
 * whether or not an account uses the email.
 */
export function requestPasswordReset({ email }: { email: string }) {
  return requestApi<TMessageResponse>('/api/auth/forgot-password', { method: 'POST', body: { email } });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
