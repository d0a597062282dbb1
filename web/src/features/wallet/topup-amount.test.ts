import { WALLET_MESSAGES } from '@stagepass/contract/wallet';
import { describe, expect, it } from 'vitest';
import { checkTopupAmount } from './topup-amount';

const limit = { minAmount: 100, maxAmount: 500_000 };

describe('the top-up amount', () => {
  it('takes whole kwacha as ngwee, with or without a K', () => {
    expect(checkTopupAmount('20')).toEqual({ ngwee: 2000 });
    expect(checkTopupAmount(' K100 ')).toEqual({ ngwee: 10_000 });
    expect(checkTopupAmount('k 5', limit)).toEqual({ ngwee: 500 });
  });

  it('refuses an empty or zero amount with the field’s error', () => {
    for (const typed of ['', '   ', '0', '000', '0.00', 'K0']) {
      expect(checkTopupAmount(typed)).toEqual({ error: WALLET_MESSAGES.amountRequired });
    }
  });

  it('refuses anything but a whole number of kwacha', () => {
    for (const typed of ['20.5', '1,000', '-5', 'ten', '2e3', '1234567890']) {
      expect(checkTopupAmount(typed)).toEqual({ error: WALLET_MESSAGES.amountWhole });
    }
  });

  it('names the operator’s limit when the amount is outside it', () => {
    const tight = { minAmount: 1000, maxAmount: 50_000 };
    expect(checkTopupAmount('5', tight)).toEqual({ error: 'The smallest top-up is K10.' });
    expect(checkTopupAmount('501', tight)).toEqual({ error: 'The largest top-up is K500.' });
    expect(checkTopupAmount('10', tight)).toEqual({ ngwee: 1000 });
    expect(checkTopupAmount('500', tight)).toEqual({ ngwee: 50_000 });
  });

  it('writes a limit of thousands with its separator, as every amount is written', () => {
    const wide = { minAmount: 100, maxAmount: 2_000_000 };
    expect(checkTopupAmount('20001', wide)).toEqual({ error: 'The largest top-up is K20,000.' });
  });

  it('rounds limits in ngwee to the whole kwacha a person can type', () => {
    const odd = { minAmount: 150, maxAmount: 999_950 };
    expect(checkTopupAmount('1', odd)).toEqual({ error: WALLET_MESSAGES.amountTooSmall(2) });
    expect(checkTopupAmount('10000', odd)).toEqual({ error: WALLET_MESSAGES.amountTooLarge(9999) });
  });

  it('leaves the limits to the server while they are not known', () => {
    expect(checkTopupAmount('1000000', null)).toEqual({ ngwee: 100_000_000 });
  });
});
