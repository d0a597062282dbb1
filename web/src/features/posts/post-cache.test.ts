import type { TPost } from '@stagepass/contract/posts';
import { describe, expect, it } from 'vitest';
import { flattenPostPages, hasProcessingMedia, patchPostInData, readNextCursor } from './post-cache';

const post = (postId: string, overrides: Partial<TPost> = {}) =>
  ({ postId, description: postId, ...overrides }) as TPost;
const rename = (next: TPost) => ({ ...next, description: 'changed' });

describe('patchPostInData', () => {
  it('changes the post in a single-post answer', () => {
    expect(patchPostInData({ success: true, post: post('a') }, 'a', rename)).toEqual({
      success: true,
      post: { postId: 'a', description: 'changed' },
    });
  });

  it('changes only that post in every page of an infinite list', () => {
    const data = {
      pageParams: ['0', 'c1'],
      pages: [{ posts: [post('a'), post('b')] }, { posts: [post('c')] }],
    };
    const patched = patchPostInData(data, 'c', rename) as typeof data;
    expect(patched.pages[0]).toEqual(data.pages[0]);
    expect(patched.pages[1]?.posts[0]?.description).toBe('changed');
    expect(patched.pageParams).toEqual(['0', 'c1']);
  });

  it('removes the post when the patch answers null (a deleted post)', () => {
    const data = { pages: [{ posts: [post('a'), post('b')] }] };
    expect(patchPostInData(data, 'a', () => null)).toEqual({ pages: [{ posts: [post('b')] }] });
    expect(patchPostInData({ post: post('a') }, 'a', () => null)).toBeUndefined();
  });

  it('leaves other answers and other posts alone', () => {
    const other = { creators: [{ username: '@a' }] };
    expect(patchPostInData(other, 'a', rename)).toBe(other);
    const single = { post: post('b') };
    expect(patchPostInData(single, 'a', rename)).toBe(single);
  });
});

describe('paging helpers', () => {
  it('flattens pages in order, each post once', () => {
    const pages = [{ posts: [post('a'), post('b')] }, { posts: [post('b'), post('c')] }];
    expect(flattenPostPages(pages).map(({ postId }) => postId)).toEqual(['a', 'b', 'c']);
    expect(flattenPostPages(undefined)).toEqual([]);
  });

  it('reads the next cursor, and the end of the list as undefined', () => {
    expect(readNextCursor({ nextCursor: 'abc' })).toBe('abc');
    expect(readNextCursor({ nextCursor: null })).toBeUndefined();
  });

  it('tells when some media is still processing', () => {
    const ready = post('a', { media: { status: 'ready', failureReason: null } });
    const text = post('b', { media: null });
    const processing = post('c', { media: { status: 'processing', failureReason: null } });
    expect(hasProcessingMedia([ready, text])).toBe(false);
    expect(hasProcessingMedia([ready, processing])).toBe(true);
  });
});
