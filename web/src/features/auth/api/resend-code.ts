import type { authRoutes, TResendCodeRequest } from '@stagepass/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';

/** Mails a new email-verification code. */
export function resendCode({ email }: TResendCodeRequest) {
  return requestRoute<typeof authRoutes.resendCode>('POST /api/auth/resend-code', { body: { email } });
}

export function useResendCode() {
  return useMutation({ mutationFn: resendCode });
}
