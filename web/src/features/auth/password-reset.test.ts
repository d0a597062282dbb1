import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  decideAfterPasswordReset,
  getForgotPasswordPath,
  readResetLink,
  removeResetLink,
} from './password-reset';

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

describe('readResetLink', () => {
  it('reads the token and email from the fragment, which the browser never sends to a server', () => {
    expect(readResetLink({ hash: '#reset=abc_-123&email=a%2Bb%40x.co', search: '' }, '')).toEqual({
      email: 'a+b@x.co',
      token: 'abc_-123',
    });
  });

  it('still opens a link mailed before, with the token in the query and the email in the path', () => {
    expect(readResetLink({ hash: '', search: '?reset=abc' }, 'mwila@example.com')).toEqual({
      email: 'mwila@example.com',
      token: 'abc',
    });
  });

  it('is no link without a token', () => {
    expect(readResetLink({ hash: '', search: '' }, 'mwila@example.com')).toBeNull();
    expect(readResetLink({ hash: '#email=a%40x.co', search: '?modal=x' }, '')).toBeNull();
  });
});

describe('removeResetLink', () => {
  it('keeps the path and every other query value, without the token', () => {
    expect(removeResetLink({ pathname: '/account/forgot-password', search: '' })).toBe(
      '/account/forgot-password',
    );
    expect(
      removeResetLink({ pathname: '/account/forgot-password/a@x.co', search: '?reset=abc&modal=x' }),
    ).toBe('/account/forgot-password/a@x.co?modal=x');
  });
});
