import { describe, expect, it } from 'vitest';
import { decideAccountGate } from './account-gate';

const verifiedFan = {
  email: 'mwila@example.com',
  isEmailVerified: true,
  signedInWith: 'password',
  account_type: { name: 'fan', tools: 'none', cartegory: null },
  security_question: { question: 'What was the name of your first pet?' },
} as const;
const withoutQuestion = { ...verifiedFan, security_question: null };
const withoutType = { ...verifiedFan, account_type: null };
const unverified = { ...withoutType, isEmailVerified: false };

describe('decideAccountGate', () => {
  it('leaves signed-out visitors and a loading session alone', () => {
    expect(decideAccountGate({ user: null, pathname: '/payouts', modalName: null })).toEqual({
      kind: 'none',
    });
    expect(decideAccountGate({ user: undefined, pathname: '/payouts', modalName: null })).toEqual({
      kind: 'none',
    });
  });

  it('leaves a user with an account type and a verified email alone', () => {
    expect(decideAccountGate({ user: verifiedFan, pathname: '/creators/all', modalName: null })).toEqual({
      kind: 'none',
    });
  });

  it('sends a user without an account type to /account-setup from any page', () => {
    for (const pathname of ['/', '/creators/featured', '/@mwila', '/payouts']) {
      expect(decideAccountGate({ user: withoutType, pathname, modalName: null })).toEqual({
        kind: 'redirect',
        to: '/account-setup',
      });
    }
  });

  it('leaves a finishing sign-up to move to account setup itself', () => {
    expect(
      decideAccountGate({ user: withoutType, pathname: '/creators/featured', modalName: 'signup' }),
    ).toEqual({ kind: 'none' });
  });

  it('does not redirect on /account-setup itself, nor on the legal and About pages', () => {
    for (const pathname of [
      '/account-setup',
      '/account-setup/',
      '/terms-of-use',
      '/privacy-policy',
      '/about',
    ]) {
      expect(decideAccountGate({ user: withoutType, pathname, modalName: null })).toEqual({ kind: 'none' });
    }
  });

  it('shows email verification instead of redirecting when a password account is not verified', () => {
    expect(decideAccountGate({ user: unverified, pathname: '/creators/all', modalName: 'signup' })).toEqual({
      kind: 'verify-email',
    });
    expect(decideAccountGate({ user: unverified, pathname: '/account-setup', modalName: null })).toEqual({
      kind: 'verify-email',
    });
  });

  it('does nothing more while the email-verification modal is open', () => {
    expect(
      decideAccountGate({ user: unverified, pathname: '/creators/all', modalName: 'email-verification' }),
    ).toEqual({ kind: 'none' });
  });

  it('does not ask an account signed in through the identity provider to verify its email', () => {
    expect(
      decideAccountGate({
        user: { ...unverified, signedInWith: 'oidc' },
        pathname: '/creators/all',
        modalName: null,
      }),
    ).toEqual({ kind: 'redirect', to: '/account-setup' });
  });

  it('waits while sign-in or a step of its sequence is open, which moves on by itself', () => {
    for (const modalName of ['signin', 'setup-security-question', 'verify-security-question']) {
      expect(decideAccountGate({ user: unverified, pathname: '/creators/all', modalName })).toEqual({
        kind: 'none',
      });
    }
    expect(decideAccountGate({ user: withoutType, pathname: '/signin', modalName: null })).toEqual({
      kind: 'none',
    });
  });

  it('lets an unverified user read the legal pages', () => {
    expect(decideAccountGate({ user: unverified, pathname: '/privacy-policy', modalName: null })).toEqual({
      kind: 'none',
    });
  });

  it('opens the security-question setup on every page for an account without a question', () => {
    for (const pathname of ['/creators/all', '/@mwila', '/wallet', '/mwila/settings']) {
      expect(decideAccountGate({ user: withoutQuestion, pathname, modalName: null })).toEqual({
        kind: 'set-security-question',
      });
      // A modal of its own does not let the account skip the step.
      expect(decideAccountGate({ user: withoutQuestion, pathname, modalName: 'topup' })).toEqual({
        kind: 'set-security-question',
      });
    }
    expect(
      decideAccountGate({ user: withoutQuestion, pathname: '/wallet', modalName: 'setup-security-question' }),
    ).toEqual({ kind: 'none' });
  });

  it('chooses the account type before the security question', () => {
    expect(
      decideAccountGate({
        user: { ...withoutType, security_question: null },
        pathname: '/creators/all',
        modalName: null,
      }),
    ).toEqual({ kind: 'redirect', to: '/account-setup' });
  });
});
