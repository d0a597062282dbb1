import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { decideAfterPasswordReset, getForgotPasswordPath } from './password-reset';

const email = 'mwila@example.com';
const refuse = (code: string) => ({ error: new ApiError({ message: 'x', code, status: 400 }) });

describe('decideAfterPasswordReset', () => {
  it('goes to sign-in once the password is changed', () => {
    expect(
      decideAfterPasswordReset({ answer: { success: true, message: 'ok', isExpired: false } }, email),
    ).toBe('/signin');
  });

  it('goes back to forgot-password for that email when the link had expired', () => {
    expect(decideAfterPasswordReset(refuse('RESET_LINK_EXPIRED'), email)).toBe(
      '/account/forgot-password/mwila@example.com',
    );
  });

  it('goes to sign-in for a link that is not valid', () => {
    expect(decideAfterPasswordReset(refuse('RESET_LINK_INVALID'), email)).toBe('/signin');
  });

  it('stays on the form when the password itself was refused or the server was not reached', () => {
    expect(decideAfterPasswordReset(refuse('VALIDATION_ERROR'), email)).toBeNull();
    expect(decideAfterPasswordReset(refuse('WEAK_PASSWORD'), email)).toBeNull();
    expect(decideAfterPasswordReset({ error: new TypeError('offline') }, email)).toBeNull();
  });
});

describe('getForgotPasswordPath', () => {
  it('carries the email as the second route parameter when there is one', () => {
    expect(getForgotPasswordPath('a+b@x.co')).toBe('/account/forgot-password/a%2Bb@x.co');
    expect(getForgotPasswordPath('')).toBe('/account/forgot-password');
  });
});
