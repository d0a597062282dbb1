import { describe, expect, it } from 'vitest';
import { chooseAttempt, isAnswerLost, toRequestKey } from './payout-attempt';

const key = toRequestKey({ amount: 5_000, phone: '260763456789' });
let made = 0;
const makeId = () => `id-${++made}`;

describe('chooseAttempt', () => {
  it('sends the same payoutId again while the same request has had no answer', () => {
    const first = chooseAttempt(null, key, makeId);
    expect(chooseAttempt(first, key, makeId)).toBe(first);
  });

  it('makes a new id for another amount or number, and once the last was answered', () => {
    const first = chooseAttempt(null, key, makeId);
    const otherAmount = chooseAttempt(first, toRequestKey({ amount: 4_000, phone: '260763456789' }), makeId);
    expect(otherAmount.payoutId).not.toBe(first.payoutId);
    const again = chooseAttempt({ ...first, isAnswered: true }, key, makeId);
    expect(again.payoutId).not.toBe(first.payoutId);
    expect(again.isAnswered).toBe(false);
  });
});

describe('isAnswerLost', () => {
  it('is true when the answer may be lost, false for a refusal', () => {
    expect(isAnswerLost({ code: 'NETWORK_ERROR', status: 0 })).toBe(true);
    expect(isAnswerLost({ code: 'HTTP_502', status: 502 })).toBe(true);
    expect(isAnswerLost({ code: 'VALIDATION_ERROR', status: 400 })).toBe(false);
    expect(isAnswerLost({ code: 'NOT_ENOUGH_EARNINGS', status: 409 })).toBe(false);
  });
});
