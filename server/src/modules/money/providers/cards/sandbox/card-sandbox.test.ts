import { PAYMENT_METHOD_MESSAGES } from '@stagepass/contract/payment-methods';
import { describe, expect, it } from 'vitest';
import { tokenizeCard } from '../../../../../test/factories/money.ts';
import { setupTestApp } from '../../../../../test/test-app.ts';

const testApp = setupTestApp();
// Each test its own address, so the per-address limit of one test does not reach another.
let addressCount = 0;
function nextAddress(): string {
  addressCount += 1;
  return `198.51.100.${addressCount}`;
}

async function expectRefusal(form: Record<string, unknown>, code: string, message: string) {
  const response = await tokenizeCard(testApp.app, form, nextAddress());
  expect(response.statusCode, JSON.stringify(form)).toBe(400);
  expect(response.json()).toEqual({ success: false, code, message });
}

describe('POST /sandbox/cards/tokens', () => {
  it('answers a token and what may be shown of the card, and no digit beyond the last four', async () => {
    const response = await tokenizeCard(
      testApp.app,
      { cardNumber: '4242 4242 4242 4242', expires: '12/30', cvc: '123' },
      nextAddress(),
    );
    expect(response.statusCode).toBe(200);
    const { token, card } = response.json();
    expect(card).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 });
    expect(token).toMatch(/^tok_sandbox_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const inside = Buffer.from(token.slice('tok_sandbox_'.length).split('.')[0], 'base64url').toString();
    expect(JSON.parse(inside)).toEqual({ ...card, fingerprint: expect.stringMatching(/^fp_/) });
    expect(inside).not.toContain('424242424242');
    expect(token).not.toContain('123');
  });

  it('knows the brands by their first digits', async () => {
    const cards = [
      ['5555 5555 5555 4444', '123', 'mastercard'],
      ['3782 822463 10005', '1234', 'amex'],
      ['6011 1111 1111 1117', '123', 'discover'],
    ];
    for (const [cardNumber, cvc, brand] of cards) {
      const response = await tokenizeCard(testApp.app, { cardNumber, expires: '01/35', cvc }, nextAddress());
      expect(response.json().card).toMatchObject({ brand, last4: cardNumber!.slice(-4) });
    }
  });

  it('refuses a number that fails the Luhn check, or is too short or not digits', async () => {
    for (const cardNumber of ['4242 4242 4242 4241', '4242', '4242-4242-4242-4242', 'card number']) {
      await expectRefusal(
        { cardNumber, expires: '12/30', cvc: '123' },
        'CARD_NUMBER_INVALID',
        PAYMENT_METHOD_MESSAGES.cardNumberInvalid,
      );
    }
  });

  it('asks for the expiry as MM/YY and refuses a card already expired', async () => {
    for (const expires of ['13/30', '1230', '12/2030', '00/30', 'soon', '12/99']) {
      await expectRefusal(
        { cardNumber: '4242424242424242', expires, cvc: '123' },
        'EXPIRES_INVALID',
        PAYMENT_METHOD_MESSAGES.expiresInvalid,
      );
    }
    await expectRefusal(
      { cardNumber: '4242424242424242', expires: '01/20', cvc: '123' },
      'CARD_EXPIRED',
      PAYMENT_METHOD_MESSAGES.cardExpired,
    );
  });

  it('wants three CVC digits, four for American Express', async () => {
    const refusals = [
      ['4242424242424242', '12'],
      ['4242424242424242', '1234'],
      ['4242424242424242', 'abc'],
      ['378282246310005', '123'],
    ];
    for (const [cardNumber, cvc] of refusals) {
      await expectRefusal(
        { cardNumber, expires: '12/30', cvc },
        'CVC_INVALID',
        PAYMENT_METHOD_MESSAGES.cvcInvalid,
      );
    }
  });

  it("names a missing field with the contract's message", async () => {
    const cases = [
      [{ cardNumber: ' ', expires: '12/30', cvc: '123' }, PAYMENT_METHOD_MESSAGES.cardNumberRequired],
      [{ cardNumber: '4242424242424242', expires: '', cvc: '123' }, PAYMENT_METHOD_MESSAGES.expiresRequired],
      [{ cardNumber: '4242424242424242', expires: '12/30' }, 'CVC is required.'],
    ] as const;
    for (const [form, message] of cases) {
      const response = await tokenizeCard(testApp.app, form, nextAddress());
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(response.json().message).toContain(message);
    }
  });

  it('slows down one address trying many cards', async () => {
    const address = nextAddress();
    const form = { cardNumber: '4242424242424241', expires: '12/30', cvc: '123' };
    const answers = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      answers.push((await tokenizeCard(testApp.app, form, address)).statusCode);
    }
    expect(answers.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(answers[30]).toBe(429);
    expect((await tokenizeCard(testApp.app, form, nextAddress())).statusCode).toBe(400);
  });
});
