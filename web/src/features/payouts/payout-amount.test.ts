import { PAYOUT_MESSAGES } from '@stagepass/contract/payout-texts';
import { describe, expect, it } from 'vitest';
import { checkPayoutAmount, PAYOUT_AMOUNT_MESSAGES, toAmountField } from './payout-amount';

const limits = { available: 9_000, minimum: 2_000 };

describe('checkPayoutAmount', () => {
  it('takes kwacha with up to two decimals, as ngwee', () => {
    expect(checkPayoutAmount('50', limits)).toEqual({ ngwee: 5_000 });
    expect(checkPayoutAmount(' K45.5 ', limits)).toEqual({ ngwee: 4_550 });
    expect(checkPayoutAmount('90', limits)).toEqual({ ngwee: 9_000 });
  });

  it("refuses in the server's words below the minimum and above what is available", () => {
    expect(checkPayoutAmount('19.99', limits)).toEqual({ error: PAYOUT_MESSAGES.amountTooSmall(2_000) });
    expect(checkPayoutAmount('90.01', limits)).toEqual({ error: PAYOUT_MESSAGES.moreThanAvailable(9_000) });
    expect(PAYOUT_MESSAGES.moreThanAvailable(9_000)).toBe('You can pay out up to K90 now.');
  });

  it('asks for an amount, and for kwacha rather than anything else', () => {
    expect(checkPayoutAmount('  ', limits)).toEqual({ error: PAYOUT_AMOUNT_MESSAGES.required });
    expect(checkPayoutAmount('fifty', limits)).toEqual({ error: PAYOUT_AMOUNT_MESSAGES.invalid });
    expect(checkPayoutAmount('50.123', limits)).toEqual({ error: PAYOUT_AMOUNT_MESSAGES.invalid });
    expect(checkPayoutAmount('-50', limits)).toEqual({ error: PAYOUT_AMOUNT_MESSAGES.invalid });
  });
});

describe('toAmountField', () => {
  it('writes ngwee as the field shows kwacha', () => {
    expect(toAmountField(9_000)).toBe('90');
    expect(toAmountField(4_550)).toBe('45.50');
    expect(toAmountField(5)).toBe('0.05');
  });
});
