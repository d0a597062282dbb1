import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

type TSettingsMessage = { success: true; message: string };

/** Step one: mails a 6-digit code to the new address (the server keeps the pending change). */
export function requestEmailChange(body: { email: string; currentPassword?: string }) {
  return requestApi<TSettingsMessage>('/api/account/email', { method: 'POST', body });
}

/** Step two: the code from the new address switches the email. */
export function confirmEmailChange(body: { code: string }) {
  return requestApi<TSettingsMessage>('/api/account/email/confirm', { method: 'POST', body });
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
