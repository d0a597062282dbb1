import { describe, expect, it } from 'vitest';
import {
  formatSignedKwacha,
  readFailureReason,
  readKindLabel,
  readPendingNote,
  readReceiptState,
  readTransactionMeta,
  readTransactionState,
  readTransactionTitle,
} from './transaction-format';

describe('a statement line', () => {
  it('names its kind', () => {
    expect(readKindLabel('topup')).toBe('Top-up');
    expect(readKindLabel('tip')).toBe('Tip');
    expect(readKindLabel('payout-reserved')).toBe('Payout');
    expect(readKindLabel('payout-returned')).toBe('Payout returned');
    expect(readKindLabel('cashback')).toBe('cashback');
    expect(readKindLabel('constructor')).toBe('constructor');
  });

  it('has a badge of Completed, Pending or Failed', () => {
    expect(readTransactionState('COMPLETED').label).toBe('Completed');
    for (const status of ['INITIATED', 'ACCEPTED', 'SUBMITTED']) {
      expect(readTransactionState(status).label).toBe('Pending');
    }
    for (const status of ['FAILED', 'REJECTED']) expect(readTransactionState(status).label).toBe('Failed');
  });

  it('says why it failed in words', () => {
    expect(readFailureReason('FAILED', 'PAYER_NOT_FOUND')).toBe('This number has no mobile money account.');
    expect(readFailureReason('FAILED', 'SOMETHING_NEW')).toBe('The operator could not complete the payment.');
    expect(readFailureReason('REJECTED', null)).toBe('The payment did not go through.');
    expect(readFailureReason('COMPLETED', null)).toBeNull();
  });

  it('shows its amount signed, with the K prefix', () => {
    expect(formatSignedKwacha(2000)).toBe('+K20');
    expect(formatSignedKwacha(-550)).toBe('−K5.50');
    expect(formatSignedKwacha(0)).toBe('K0');
  });
});

describe('a purchase on the statement and its receipt', () => {
  it('is headed by its name for the reader, its kind beneath, marked when it is earnings', () => {
    const tip = { kind: 'tip', description: 'Tip "Munkoyo" to Mutinta Hamoonga', purchaseId: 'x' };
    expect(readTransactionTitle(tip)).toBe('Tip "Munkoyo" to Mutinta Hamoonga');
    expect(readTransactionMeta({ ...tip, account: 'wallet' })).toBe('Tip');
    expect(readTransactionMeta({ ...tip, account: 'earnings' })).toBe('Earnings · Tip');
    const topup = {
      kind: 'topup',
      description: 'Wallet topup',
      purchaseId: null,
      account: 'wallet' as const,
    };
    expect(readTransactionTitle(topup)).toBe('Top-up');
    expect(readTransactionMeta(topup)).toBe('Wallet topup');
  });

  it('has a receipt badge of Paid, Awaiting payment or Failed', () => {
    expect(readReceiptState('completed').label).toBe('Paid');
    expect(readReceiptState('awaiting-payment').label).toBe('Awaiting payment');
    expect(readReceiptState('failed').label).toBe('Failed');
  });

  it('explains a pending line, and only a pending one', () => {
    expect(readPendingNote('SUBMITTED')).toMatch(/updates by itself when it settles/);
    expect(readPendingNote('ACCEPTED')).toMatch(/can take a few minutes/);
    expect(readPendingNote('COMPLETED')).toBeNull();
    expect(readPendingNote('FAILED')).toBeNull();
  });
});
