import type { accountSettingsRoutes, TChangePasswordRequest } from '@stagepass/contract/account-settings';
import { useMutation } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';

/** Sets a new password; the server signs out every other session, this one stays. */
export function changePassword(body: TChangePasswordRequest) {
  return requestRoute<typeof accountSettingsRoutes.changePassword>('POST /api/account/password', { body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
