import type {
  accountSettingsRoutes,
  TChangeEmailRequest,
  TConfirmEmailChangeRequest,
} from '@stagepass/contract/account-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

/** Step one: mails a 6-digit code to the new address (the server keeps the pending change). */
export function requestEmailChange(body: TChangeEmailRequest) {
  return requestRoute<typeof accountSettingsRoutes.requestEmailChange>('POST /api/account/email', { body });
}

/** Step two: the code from the new address switches the email. */
export function confirmEmailChange(body: TConfirmEmailChangeRequest) {
  return requestRoute<typeof accountSettingsRoutes.confirmEmailChange>('POST /api/account/email/confirm', {
    body,
  });
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
