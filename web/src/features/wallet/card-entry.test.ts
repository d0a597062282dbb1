import { PAYMENT_METHOD_MESSAGES } from '@stagepass/contract/payment-methods';
import { describe, expect, it } from 'vitest';
import { findCardMessageField, normalizeCardEntry } from './card-entry';

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
    expect(normalizeCardEntry({ cardNumber: '1', expires: 'soon', cvc: '1' }).expires).toBe('soon');
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
