import { describe, expect, it } from 'vitest';
import { renderChallengePage } from './card-challenge-page.ts';
import { fingerprintCardNumber } from './sandbox-card-token.ts';
import { decideChargeStatus, SANDBOX_TEST_CARDS } from './sandbox-charge-outcomes.ts';

const SECRET = 'a-test-secret-of-enough-length-for-hmac';
const decide = (number: string, secret = SECRET) =>
  decideChargeStatus(secret, fingerprintCardNumber(secret, number));

describe('the sandbox decides a charge by the card number', () => {
  it('as common card sandboxes do', () => {
    expect(decide(SANDBOX_TEST_CARDS.succeeds)).toBe('succeeded');
    expect(decide('5555555555554444')).toBe('succeeded');
    expect(decide(SANDBOX_TEST_CARDS.declined)).toBe('declined');
    expect(decide(SANDBOX_TEST_CARDS.insufficientFunds)).toBe('insufficient_funds');
    expect(decide(SANDBOX_TEST_CARDS.requiresAuthentication)).toBe('requires_action');
  });

  it('recognises a number only under the secret that fingerprinted it', () => {
    const fingerprint = fingerprintCardNumber(`${SECRET}!`, SANDBOX_TEST_CARDS.declined);
    expect(decideChargeStatus(SECRET, fingerprint)).toBe('succeeded');
  });
});

describe('the 3-D Secure page', () => {
  it('asks with a heading, the amount and two buttons of one form', () => {
    const page = renderChallengePage({
      kind: 'question',
      chargeId: 'ch_abcdefghijkl',
      amount: 2_050,
      currency: 'ZMW',
    });
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('<h1 id="title">Confirm your payment</h1>');
    expect(page).toContain('K20.50');
    expect(page).toContain('action="/sandbox/cards/challenges/ch_abcdefghijkl"');
    expect(page).toMatch(/name="outcome" value="approve"[^>]*>Approve</);
    expect(page).toMatch(/name="outcome" value="refuse"[^>]*>Refuse</);
    expect(page).not.toContain('<script');
  });

  it('escapes what it puts in', () => {
    const page = renderChallengePage({
      kind: 'answered',
      approved: false,
      returnUrl: 'https://x.example/"><b>',
    });
    expect(page).toContain('https://x.example/&quot;&gt;&lt;b&gt;');
    expect(page).toContain('This payment was refused already');
  });
});
