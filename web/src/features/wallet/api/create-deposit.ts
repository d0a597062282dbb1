import type { TDepositRequest, TDepositResponse } from '@stagepass/contract/wallet';
import { useMutation } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';

/**
 * POST /api/pawapay/deposits-api/deposit: asks the operator to prompt the payer's phone.
 * The answer's result.status is ACCEPTED, REJECTED or DUPLICATE_IGNORED.
 */
export function createDeposit(body: TDepositRequest) {
  return requestApi<TDepositResponse>('/api/pawapay/deposits-api/deposit', { method: 'POST', body });
}

export function useCreateDeposit() {
  return useMutation({ mutationFn: createDeposit });
}
