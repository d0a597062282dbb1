import type { TCardTopupRequest } from '@stagepass/contract/card-topups';
import type { walletRoutes } from '@stagepass/contract/wallet';
import { useMutation } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';

/**
 * POST /api/wallet/card-topups: charges one of the person's saved cards. topup.status is
 * completed, failed (failureReason in words), requires-action (send the browser to
 * topup.challengeUrl; it comes back to returnPath with ?cardTopup=<id>) or processing
 * (poll getCardTopup). Sending the same topupId again never charges twice.
 */
export function createCardTopup(body: TCardTopupRequest) {
  return requestRoute<typeof walletRoutes.createCardTopup>('POST /api/wallet/card-topups', { body });
}

export function useCreateCardTopup() {
  return useMutation({ mutationFn: createCardTopup });
}
