import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { describe, expect, it } from 'vitest';
import { normalizeCodeInput, shouldOfferResend } from './email-code';

describe('normalizeCodeInput', () => {
  it('keeps at most six digits, also from a pasted text', () => {
    expect(normalizeCodeInput('123')).toBe('123');
    expect(normalizeCodeInput('1234567890')).toBe('123456');
    expect(normalizeCodeInput(' 123 456 ')).toBe('123456');
    expect(normalizeCodeInput('Your code: 654321.')).toBe('654321');
  });
});

describe('shouldOfferResend', () => {
  it('offers a new code only for an expired code whose message does not say Invalid', () => {
    expect(shouldOfferResend({ isExpired: true, message: AUTH_MESSAGES.codeExpired })).toBe(true);
    expect(shouldOfferResend({ isExpired: true, message: AUTH_MESSAGES.codeTooManyTries })).toBe(true);
    expect(shouldOfferResend({ isExpired: true, message: AUTH_MESSAGES.codeInvalid })).toBe(false);
    expect(shouldOfferResend({ isExpired: false, message: AUTH_MESSAGES.codeExpired })).toBe(false);
  });
});
