import { describe, expect, it } from 'vitest';
import { isSinglePostBy, withoutAccount } from './block-caches';

const post = (postId: string, userId: string, pageId: string) => ({
  postId,
  author: { userId, pageId, pageName: pageId.slice(1) },
});
const card = (_id: string, username: string) => ({ _id, username, name: username.slice(1) });
const target = { username: 'Ana', userId: 'ana-id' };

describe('withoutAccount', () => {
  it('takes the account’s posts out of infinite post lists, by id or by username in any case', () => {
    const feed = {
      pages: [
        { posts: [post('p1', 'ana-id', '@ana-renamed'), post('p2', 'bo-id', '@bo')], nextCursor: 'c' },
        { posts: [post('p3', 'other-id', '@ANA'), post('p4', 'bo-id', '@bo')], nextCursor: null },
      ],
      pageParams: ['0', 'c'],
    };
    const result = withoutAccount(feed, target) as typeof feed;
    expect(result.pages.map((page) => page.posts.map((item) => item.postId))).toEqual([['p2'], ['p4']]);
    expect(result.pageParams).toEqual(['0', 'c']);
    expect(result.pages[1]!.nextCursor).toBeNull();
  });

  it('takes the account’s card out of creator lists, paged or not', () => {
    const pages = { pages: [{ creators: [card('ana-id', '@ana'), card('bo-id', '@bo')], nextPage: null }] };
    expect((withoutAccount(pages, target) as typeof pages).pages[0]!.creators).toEqual([
      card('bo-id', '@bo'),
    ]);
    const favourites = { creators: [card('x', '@Ana'), card('bo-id', '@bo')] };
    expect(withoutAccount(favourites, { username: '@ana' })).toEqual({ creators: [card('bo-id', '@bo')] });
  });

  it('returns the same object when the account is not there, and leaves other answers alone', () => {
    const page = { posts: [post('p2', 'bo-id', '@bo')], nextCursor: null };
    expect(withoutAccount(page, target)).toBe(page);
    const infinite = { pages: [page], pageParams: ['0'] };
    expect(withoutAccount(infinite, target)).toBe(infinite);
    const profile = { _id: 'ana-id', username: '@ana', followStatus: true };
    expect(withoutAccount(profile, target)).toBe(profile);
    expect(withoutAccount(undefined, target)).toBeUndefined();
  });
});

describe('isSinglePostBy', () => {
  it('finds a single post of the account', () => {
    expect(isSinglePostBy({ post: post('p1', 'ana-id', '@ana') }, target)).toBe(true);
    expect(isSinglePostBy({ post: post('p2', 'bo-id', '@bo') }, target)).toBe(false);
    expect(isSinglePostBy({ posts: [post('p1', 'ana-id', '@ana')] }, target)).toBe(false);
  });
});
