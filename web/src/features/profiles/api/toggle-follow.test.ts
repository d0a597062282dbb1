import { describe, expect, it } from 'vitest';
import { flip, patchCached } from './toggle-follow';

const card = (username: string, followStatus: boolean, followers_count: number) => ({
  username,
  name: username,
  followStatus,
  followers_count,
});

describe('patchCached with flip', () => {
  it('flips a profile and moves its count by one', () => {
    expect(patchCached(card('@ana', false, 4), 'ana', flip)).toMatchObject({
      followStatus: true,
      followers_count: 5,
    });
    expect(patchCached(card('@ana', true, 1), '@ANA', flip)).toMatchObject({
      followStatus: false,
      followers_count: 0,
    });
  });

  it('never takes a count below zero', () => {
    expect(patchCached(card('@ana', true, 0), '@ana', flip)).toMatchObject({ followers_count: 0 });
  });

  it('changes only the named creator in a page and in infinite pages', () => {
    const page = { creators: [card('@ana', false, 1), card('@bo', false, 7)], nextPage: null };
    const patched = patchCached({ pages: [page], pageParams: ['0'] }, '@bo', flip) as {
      pages: { creators: ReturnType<typeof card>[] }[];
    };
    expect(patched.pages[0]?.creators.map((c) => [c.followStatus, c.followers_count])).toEqual([
      [false, 1],
      [true, 8],
    ]);
    // The cached original is not mutated: a rollback restores it as it was.
    expect(page.creators[1]).toMatchObject({ followStatus: false, followers_count: 7 });
  });

  it('leaves answers of other shapes alone', () => {
    const other = { items: [card('@ana', false, 1)] };
    expect(patchCached(other, '@ana', flip)).toBe(other);
    expect(patchCached(null, '@ana', flip)).toBe(null);
  });
});
