import { describe, expect, it } from 'vitest';
import { withoutBlockedAccount } from './unblock-account';

describe('withoutBlockedAccount', () => {
  it('removes one row from every loaded page of the blocked-accounts list', () => {
    const account = (id: string) => ({
      _id: id,
      name: id,
      username: `@${id}`,
      imageAsset: null,
      blockedAt: '',
    });
    const data = {
      pages: [
        { success: true as const, accounts: [account('a'), account('b')], nextCursor: 'c' },
        { success: true as const, accounts: [account('c')], nextCursor: null },
      ],
      pageParams: ['0', 'c'],
    };
    const result = withoutBlockedAccount(data, 'b');
    expect(result?.pages.map((page) => page.accounts.map((row) => row._id))).toEqual([['a'], ['c']]);
    expect(withoutBlockedAccount(undefined, 'b')).toBeUndefined();
  });
});
