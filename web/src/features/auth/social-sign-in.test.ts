import { describe, expect, it } from 'vitest';
import {
  buildAccountSetupPath,
  buildSocialStartUrl,
  findRoleInModalOptions,
  readSignUpRole,
  rememberSignUpRole,
} from './social-sign-in';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('the role kept for a social sign-up', () => {
  it('remembers a chosen role and ignores anything else found in storage', () => {
    const storage = memoryStorage();
    expect(readSignUpRole(storage)).toBeNull();
    rememberSignUpRole('creator', storage);
    expect(readSignUpRole(storage)).toBe('creator');
    storage.setItem('stagepass.sign-up-role', 'admin');
    expect(readSignUpRole(storage)).toBeNull();
  });

  it('answers null when storage is blocked', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readSignUpRole(blocked)).toBeNull();
  });

  it('reads the role from the signup modal options', () => {
    expect(findRoleInModalOptions('creator')).toBe('creator');
    expect(findRoleInModalOptions('no-redirect.fan')).toBe('fan');
    expect(findRoleInModalOptions('complete-signup')).toBeNull();
    expect(findRoleInModalOptions('')).toBeNull();
  });
});

describe('the social sign-in start address', () => {
  it('carries the role and a same-site next page', () => {
    expect(buildSocialStartUrl('/api/auth/oidc/start', { role: 'creator', nextPage: '/send-tip/@ana' })).toBe(
      '/api/auth/oidc/start?role=creator&next=%2Fsend-tip%2F%40ana',
    );
  });

  it('drops a next page on another site and leaves the address bare without a role', () => {
    expect(buildSocialStartUrl('/api/auth/oidc/start', { role: null, nextPage: '//evil.example/x' })).toBe(
      '/api/auth/oidc/start',
    );
  });

  it('sends a new account to account setup with its role preselected', () => {
    expect(buildAccountSetupPath('fan')).toBe('/account-setup?role=fan');
    expect(buildAccountSetupPath(null)).toBe('/account-setup');
  });
});
