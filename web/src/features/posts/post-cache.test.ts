import type { TPost } from '@stagepass/contract/posts';
import { describe, expect, it } from 'vitest';
import { flattenPostPages, hasProcessingMedia, readNextCursor } from './post-cache';

const post = (postId: string, overrides: Partial<TPost> = {}) =>
  ({ postId, description: postId, ...overrides }) as TPost;

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
