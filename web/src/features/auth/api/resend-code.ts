import type { TMessageResponse } from '@stagepass/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/** Mails a new email-verification code. */
export function resendCode({ email }: { email: string }) {
  return requestApi<TMessageResponse>('/api/auth/resend-code', { method: 'POST', body: { email } });
}

export function useResendCode() {
  return useMutation({ mutationFn: resendCode });
}
