import type { authRoutes, TVerifyCodeRequest } from '@stagepass/contract/auth';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { sessionQueryKey, type TSessionUser } from '../../../lib/session';

/**
 * Checks an email code or a reset link's token. A wrong or expired code is a 200 answer with
 * verified false and a message to show; only malformed input is an error.
 */
export function verifyCode(body: TVerifyCodeRequest) {
  return requestRoute<typeof authRoutes.verifyCode>('POST /api/auth/verify-code', { body });
}

/** Verifies the email of the signed-in account with the code it was mailed. */
export function useVerifyEmailCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ email, code }: { email: string; code: string }) =>
      verifyCode({ purpose: 'email-verification', email, code }),
    onSuccess: ({ verified }) => {
      if (!verified) return;
      // Marked at once, so the account guard does not ask again while the session reloads.
      queryClient.setQueryData<TSessionUser | null>(sessionQueryKey, (user) =>
        user ? { ...user, isEmailVerified: true } : user,
      );
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

/** Checks a reset-password link (`#reset=TOKEN`) before the new-password form is shown. */
export function getResetLinkCheckQueryOptions(email: string, token: string) {
  return queryOptions({
    queryKey: ['auth', 'reset-link', email, token],
    queryFn: () => verifyCode({ purpose: 'reset-password', email, code: token }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useResetLinkCheck(email: string, token: string) {
  return useQuery(getResetLinkCheckQueryOptions(email, token));
}
