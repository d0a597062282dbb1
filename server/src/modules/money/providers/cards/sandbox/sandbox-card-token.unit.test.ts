import { describe, expect, it } from 'vitest';
import {
  createSandboxCardToken,
  fingerprintCardNumber,
  readSandboxCardToken,
  type SandboxCard,
} from './sandbox-card-token.ts';
import { tokenizeCard } from './tokenize-card.service.ts';

const SECRET = 'a-test-secret-of-enough-length-for-hmac';
const card: SandboxCard = {
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  fingerprint: fingerprintCardNumber(SECRET, '4242424242424242'),
};

describe('sandbox card tokens', () => {
  it('give back the card they were made for, and only under the key that made them', () => {
    const token = createSandboxCardToken(SECRET, card);
    expect(readSandboxCardToken(SECRET, token)).toEqual(card);
    expect(readSandboxCardToken(`${SECRET}!`, token)).toBeNull();
  });

  it('refuse any change to the card inside', () => {
    const token = createSandboxCardToken(SECRET, card);
    const mac = token.split('.')[1];
    const changed = Buffer.from(JSON.stringify({ ...card, expYear: 2039 })).toString('base64url');
    expect(readSandboxCardToken(SECRET, `tok_sandbox_${changed}.${mac}`)).toBeNull();
    expect(readSandboxCardToken(SECRET, token.replace('tok_sandbox_', 'tok_live_'))).toBeNull();
    expect(readSandboxCardToken(SECRET, `${token}.`)).toBeNull();
    expect(readSandboxCardToken(SECRET, token.replace(/\.[^.]+$/, '.'))).toBeNull();
  });

  it('fingerprint the same number the same way, and not across secrets', () => {
    expect(fingerprintCardNumber(SECRET, '4242424242424242')).toBe(card.fingerprint);
    expect(fingerprintCardNumber(SECRET, '4000056655665556')).not.toBe(card.fingerprint);
    expect(fingerprintCardNumber(`${SECRET}!`, '4242424242424242')).not.toBe(card.fingerprint);
    expect(card.fingerprint).not.toContain('4242');
  });
});

describe('tokenizeCard', () => {
  const form = { cardNumber: '4242424242424242', expires: '03/27', cvc: '123' };

  it('takes a card through the last day of its expiry month (UTC)', () => {
    const lastMoment = new Date(Date.UTC(2027, 2, 31, 23, 59, 59));
    expect(tokenizeCard({ appSecret: SECRET, form, now: lastMoment }).card).toMatchObject({
      expMonth: 3,
      expYear: 2027,
    });
    const nextMonth = new Date(Date.UTC(2027, 3, 1));
    expect(() => tokenizeCard({ appSecret: SECRET, form, now: nextMonth })).toThrow(/expired/);
  });
});
