import type { authRoutes, TSetSecurityQuestionRequest } from '@stagepass/contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { sessionQueryKey, type TSessionUser } from '../../../lib/session';

/** Saves the signed-in user's security question; the server also marks this session verified. */
export function setSecurityQuestion(body: TSetSecurityQuestionRequest) {
  return requestRoute<typeof authRoutes.setSecurityQuestion>('POST /api/auth/security-question', { body });
}

export function useSetSecurityQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSecurityQuestion,
    onSuccess: (_answer, { question }) => {
      queryClient.setQueryData<TSessionUser | null>(sessionQueryKey, (user) =>
        user ? { ...user, security_question: { question }, isSecurityQuestionVerified: true } : user,
      );
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
