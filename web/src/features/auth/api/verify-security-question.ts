import type { authRoutes, TVerifySecurityQuestionRequest } from '@stagepass/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { sessionQueryKey, type TSessionUser } from '../../../lib/session';

/**
 * Answers the saved security question; the server sets the 2-day cookie. A wrong answer is a
 * 400 WRONG_ANSWER whose message goes under the field.
 */
export function verifySecurityQuestion({ answer }: TVerifySecurityQuestionRequest) {
  return requestRoute<typeof authRoutes.verifySecurityQuestion>('POST /api/auth/security-question/verify', {
    body: { answer },
  });
}

export function useVerifySecurityQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySecurityQuestion,
    onSuccess: () => {
      queryClient.setQueryData<TSessionUser | null>(sessionQueryKey, (user) =>
        user ? { ...user, isSecurityQuestionVerified: true } : user,
      );
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
