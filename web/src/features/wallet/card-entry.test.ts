import { PAYMENT_METHOD_MESSAGES } from '@stagepass/contract/payment-methods';
import { describe, expect, it } from 'vitest';
import { checkCardEntry, findCardMessageField, normalizeCardEntry, ZCardEntry } from './card-entry';

describe('the card entry', () => {
  it('goes to the tokeniser without spaces, with the expiry as MM/YY', () => {
    expect(normalizeCardEntry({ cardNumber: '4242 4242-4242 4242', expires: '12/30', cvc: ' 123 ' })).toEqual(
      {
        cardNumber: '4242424242424242',
        expires: '12/30',
        cvc: '123',
      },
    );
    expect(normalizeCardEntry({ cardNumber: '1', expires: '1230', cvc: '1' }).expires).toBe('12/30');
    expect(normalizeCardEntry({ cardNumber: '1', expires: '2 / 30', cvc: '1' }).expires).toBe('02/30');
    expect(normalizeCardEntry({ cardNumber: '1', expires: '12/2030', cvc: '1' }).expires).toBe('12/30');
    expect(normalizeCardEntry({ cardNumber: '1', expires: 'soon', cvc: '1' }).expires).toBe('soon');
    expect(normalizeCardEntry({ cardNumber: '1', expires: '1/3', cvc: '1' }).expires).toBe('1/3');
  });

  it('puts a tokeniser’s message under the field it is about', () => {
    expect(findCardMessageField({ code: 'CARD_NUMBER_INVALID', message: 'Bad number' })).toBe('cardNumber');
    expect(findCardMessageField({ code: 'CARD_EXPIRED', message: 'Old' })).toBe('expires');
    expect(findCardMessageField({ code: 'CVC_INVALID', message: '?' })).toBe('cvc');
    expect(findCardMessageField({ message: PAYMENT_METHOD_MESSAGES.cardNumberInvalid })).toBe('cardNumber');
    expect(findCardMessageField({ message: PAYMENT_METHOD_MESSAGES.expiresInvalid })).toBe('expires');
    expect(findCardMessageField({ code: 'RATE_LIMITED', message: 'The processor is down.' })).toBe('root');
  });
});

const now = new Date('2026-06-15T12:00:00Z');
const goodCard = { cardNumber: '4242 4242 4242 4242', expires: '12/30', cvc: '123' };

describe('checking the card before it is sent', () => {
  it('finds nothing wrong with a good card', () => {
    expect(checkCardEntry(goodCard, now)).toEqual({});
    expect(checkCardEntry({ cardNumber: '3782 822463 10005', expires: '06/26', cvc: '1234' }, now)).toEqual(
      {},
    );
  });

  it('flags every empty field, in the spec’s words', () => {
    expect(checkCardEntry({ cardNumber: ' ', expires: '', cvc: '' }, now)).toEqual({
      cardNumber: PAYMENT_METHOD_MESSAGES.cardNumberRequired,
      expires: PAYMENT_METHOD_MESSAGES.expiresRequired,
      cvc: PAYMENT_METHOD_MESSAGES.cvcRequired,
    });
  });

  it('flags every wrong field at once: a bad number does not hide a past date or a short CVC', () => {
    expect(checkCardEntry({ cardNumber: '4242 4242 4242 4241', expires: '05/26', cvc: '12' }, now)).toEqual({
      cardNumber: PAYMENT_METHOD_MESSAGES.cardNumberInvalid,
      expires: PAYMENT_METHOD_MESSAGES.cardExpired,
      cvc: PAYMENT_METHOD_MESSAGES.cvcInvalid,
    });
  });

  it('knows a malformed or far-off expiry from a past one', () => {
    for (const expires of ['13/30', '00/30', '1/3', 'soon', '12/99']) {
      expect(checkCardEntry({ ...goodCard, expires }, now).expires).toBe(
        PAYMENT_METHOD_MESSAGES.expiresInvalid,
      );
    }
    expect(checkCardEntry({ ...goodCard, expires: '06/26' }, now)).toEqual({});
    expect(checkCardEntry({ ...goodCard, expires: '01/20' }, now).expires).toBe(
      PAYMENT_METHOD_MESSAGES.cardExpired,
    );
  });

  it('wants 3 digits, or 4 for American Express', () => {
    expect(checkCardEntry({ ...goodCard, cvc: '1234' }, now).cvc).toBe(PAYMENT_METHOD_MESSAGES.cvcInvalid);
    expect(checkCardEntry({ ...goodCard, cvc: '12a' }, now).cvc).toBe(PAYMENT_METHOD_MESSAGES.cvcInvalid);
    expect(checkCardEntry({ cardNumber: '378282246310005', expires: '12/30', cvc: '123' }, now).cvc).toBe(
      PAYMENT_METHOD_MESSAGES.cvcInvalid,
    );
  });

  it('rejects a number that is not digits or is too short', () => {
    for (const cardNumber of ['4242 4242 4242 424x', '4242', '0000 0000 0']) {
      expect(checkCardEntry({ ...goodCard, cardNumber }, now).cardNumber).toBe(
        PAYMENT_METHOD_MESSAGES.cardNumberInvalid,
      );
    }
  });

  it('gives the form one issue per wrong field, an empty one beside an invalid one', () => {
    const result = ZCardEntry.safeParse({ cardNumber: '', expires: '01/20', cvc: '12' });
    expect(result.success).toBe(false);
    const firstByField = new Map<unknown, string>();
    for (const issue of result.error?.issues ?? []) {
      if (!firstByField.has(issue.path[0])) firstByField.set(issue.path[0], issue.message);
    }
    expect(Object.fromEntries(firstByField)).toEqual({
      cardNumber: PAYMENT_METHOD_MESSAGES.cardNumberRequired,
      expires: PAYMENT_METHOD_MESSAGES.cardExpired,
      cvc: PAYMENT_METHOD_MESSAGES.cvcInvalid,
    });
    // (Checked against today: a card good for years yet.)
    expect(ZCardEntry.safeParse({ ...goodCard, expires: '12/45' }).success).toBe(true);
  });
});
