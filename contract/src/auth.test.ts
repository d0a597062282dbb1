import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  suggestUsernameFromName,
  ZEmail,
  ZResetPasswordRequest,
  ZSetAccountTypeRequest,
  ZUsername,
  ZVerifyCodeRequest,
} from './auth.ts';

describe('ZUsername', () => {
  it('stores a username with one leading @ in lowercase, typed with or without it', () => {
    expect(ZUsername.parse('MwilaBanda')).toBe('@mwilabanda');
    expect(ZUsername.parse('@mwila_banda.2')).toBe('@mwila_banda.2');
  });

  it.each(['ab', '@ab', 'has space', 'émile', '@@double', 'x'.repeat(31)])('refuses %s', (value) => {
    expect(ZUsername.safeParse(value).success).toBe(false);
  });
});

describe('suggestUsernameFromName', () => {
  it('lowercases the name, drops spaces and characters a username cannot hold, and adds @', () => {
    expect(suggestUsernameFromName('Mwila Banda')).toBe('@mwilabanda');
    expect(suggestUsernameFromName("Chipo O'Neil")).toBe('@chipooneil');
    expect(suggestUsernameFromName('Zoë Mutale')).toBe('@zoemutale');
  });
});

describe('ZEmail', () => {
  it('trims and lowercases, and says when it is missing', () => {
    expect(ZEmail.parse('  Mwila@Example.COM ')).toBe('mwila@example.com');
    expect(ZEmail.safeParse('').error?.issues[0]?.message).toBe(AUTH_MESSAGES.emailRequired);
  });
});

describe('ZVerifyCodeRequest', () => {
  it('wants six digits for an email code, with the spec message when empty', () => {
    const empty = ZVerifyCodeRequest.safeParse({ purpose: 'email-verification', email: 'a@b.co', code: '' });
    expect(empty.error?.issues[0]?.message).toBe(AUTH_MESSAGES.codeRequired);
    expect(
      ZVerifyCodeRequest.safeParse({ purpose: 'email-verification', email: 'a@b.co', code: '12345' }).success,
    ).toBe(false);
    expect(
      ZVerifyCodeRequest.safeParse({ purpose: 'email-verification', email: 'a@b.co', code: '123456' })
        .success,
    ).toBe(true);
  });
});

describe('ZResetPasswordRequest', () => {
  it('needs the two passwords to match', () => {
    const result = ZResetPasswordRequest.safeParse({
      email: 'a@b.co',
      token: 't',
      password: 'a long passphrase',
      password2: 'another passphrase',
    });
    expect(result.error?.issues[0]).toMatchObject({
      message: AUTH_MESSAGES.passwordsDiffer,
      path: ['password2'],
    });
  });
});

describe('ZSetAccountTypeRequest', () => {
  it('needs a category for creators only', () => {
    expect(ZSetAccountTypeRequest.safeParse({ name: 'fan' }).success).toBe(true);
    expect(ZSetAccountTypeRequest.safeParse({ name: 'creator' }).error?.issues[0]?.message).toBe(
      AUTH_MESSAGES.categoryRequired,
    );
    expect(ZSetAccountTypeRequest.safeParse({ name: 'creator', cartegory: 'podcaster' }).success).toBe(true);
  });
});
