import { describe, expect, it } from 'vitest';
import { decideAfterSecurityCheck, decideAfterSignIn, isSameOriginPath } from './sign-in-sequence';

const fan = {
  username: '@mwila',
  account_type: { name: 'fan', tools: 'none', cartegory: null },
  security_question: { question: 'What was the name of your first pet?' },
  isSecurityQuestionVerified: true,
} as const;
const creator = {
  ...fan,
  username: '@chipo',
  account_type: { name: 'creator', tools: 'both', cartegory: 'podcaster' },
} as const;

describe('decideAfterSignIn', () => {
  it('1. opens setup-security-question when no question is set, passing the options on', () => {
    expect(
      decideAfterSignIn({
        user: { ...creator, security_question: null, isSecurityQuestionVerified: false },
        options: 'no-redirect',
        nextPage: '/payouts',
      }),
    ).toEqual({
      kind: 'open-modal',
      modal: 'setup-security-question',
      options: 'no-redirect',
      showClose: false,
    });
  });

  it('2. opens verify-security-question when the question is set but not answered in this session', () => {
    expect(
      decideAfterSignIn({ user: { ...fan, isSecurityQuestionVerified: false }, options: '', nextPage: null }),
    ).toEqual({ kind: 'open-modal', modal: 'verify-security-question', options: '' });
  });

  it("3. closes the modal when the option is 'no-redirect', even for a creator", () => {
    expect(decideAfterSignIn({ user: creator, options: 'no-redirect', nextPage: '/payouts' })).toEqual({
      kind: 'close-modal',
    });
  });

  it('4. takes anyone, a creator too, to a same-origin next_page', () => {
    expect(decideAfterSignIn({ user: creator, options: '', nextPage: '/payouts' })).toEqual({
      kind: 'navigate',
      to: '/payouts',
    });
  });

  it('4. takes a creator without next_page to their profile', () => {
    expect(decideAfterSignIn({ user: creator, options: '', nextPage: null })).toEqual({
      kind: 'navigate',
      to: '/@chipo',
    });
  });

  it('5. takes anyone else to a same-origin next_page', () => {
    expect(decideAfterSignIn({ user: fan, options: '', nextPage: '/feed/abc/comments?x=1' })).toEqual({
      kind: 'navigate',
      to: '/feed/abc/comments?x=1',
    });
  });

  it('5. takes a user without an account type like a fan', () => {
    expect(decideAfterSignIn({ user: { ...fan, account_type: null }, options: '', nextPage: null })).toEqual({
      kind: 'navigate',
      to: '/creators/all',
    });
  });

  it.each([
    null,
    '',
    '//evil.example/path',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'creators/all',
  ])('5. falls back to /creators/all for next_page %j', (nextPage) => {
    expect(decideAfterSignIn({ user: fan, options: '', nextPage })).toEqual({
      kind: 'navigate',
      to: '/creators/all',
    });
  });
});

describe('isSameOriginPath', () => {
  it('accepts a path with a single leading slash only', () => {
    expect(isSameOriginPath('/')).toBe(true);
    expect(isSameOriginPath('/@mwila?tab=audio')).toBe(true);
    expect(isSameOriginPath('//x')).toBe(false);
    expect(isSameOriginPath('/\tx')).toBe(false);
    expect(isSameOriginPath(undefined)).toBe(false);
  });
});

describe('decideAfterSecurityCheck', () => {
  it('continues to next_page, where signing in was going', () => {
    expect(decideAfterSecurityCheck({ user: fan, options: '', nextPage: '/wallet' })).toEqual({
      kind: 'navigate',
      to: '/wallet',
    });
  });

  it('takes a creator without next_page to their profile', () => {
    expect(decideAfterSecurityCheck({ user: creator, options: '', nextPage: null })).toEqual({
      kind: 'navigate',
      to: '/@chipo',
    });
  });

  it('never takes a fan to their own profile: /creators/all without next_page', () => {
    expect(decideAfterSecurityCheck({ user: fan, options: '', nextPage: null })).toEqual({
      kind: 'navigate',
      to: '/creators/all',
    });
    expect(decideAfterSecurityCheck({ user: fan, options: '', nextPage: '//evil.example' })).toEqual({
      kind: 'navigate',
      to: '/creators/all',
    });
  });

  it("closes the modal when the option is 'no-redirect'", () => {
    expect(decideAfterSecurityCheck({ user: fan, options: 'no-redirect', nextPage: '/wallet' })).toEqual({
      kind: 'close-modal',
    });
  });
});
