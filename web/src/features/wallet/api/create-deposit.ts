import type { depositRoutes, TDepositRequest } from '@stagepass/contract/wallet';
import { useMutation } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';

/**
 * POST /api/pawapay/deposits-api/deposit: asks the operator to prompt the payer's phone.
 * The answer's result.status is ACCEPTED, REJECTED or DUPLICATE_IGNORED.
 */
export function createDeposit(body: TDepositRequest) {
  return requestRoute<typeof depositRoutes.startDeposit>('POST /api/pawapay/deposits-api/deposit', { body });
}

export function useCreateDeposit() {
  return useMutation({ mutationFn: createDeposit });
}
