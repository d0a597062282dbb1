import { describe, expect, it } from 'vitest';
import type { TWalletTransaction } from './get-wallet';
import { countPendingLines } from './get-wallet-transactions';

function line(status: TWalletTransaction['status']): TWalletTransaction {
  return {
    id: status,
    kind: 'topup',
    status,
    amount: 1000,
    currency: 'ZMW',
    description: 'Wallet topup',
    account: 'wallet',
    purchaseId: null,
    counterpart: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    failureCode: null,
  };
}

describe('pending lines of the statement', () => {
  it('counts top-ups the operator has not settled yet', () => {
    expect(countPendingLines([line('COMPLETED'), line('FAILED'), line('REJECTED')])).toBe(0);
    expect(
      countPendingLines([line('INITIATED'), line('ACCEPTED'), line('SUBMITTED'), line('COMPLETED')]),
    ).toBe(3);
  });
});
