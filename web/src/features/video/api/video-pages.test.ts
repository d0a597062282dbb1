import type { TVideo, TVideosPage } from '@stagepass/contract/video';
import { describe, expect, it } from 'vitest';
import { applyVideoReaction } from './react-to-video';
import { flattenVideoPages, hasProcessingVideo, readNextVideoPage } from './video-pages';

const video = (_id: string, overrides: Partial<TVideo> = {}) =>
  ({ _id, title: _id, status: 'ready', ...overrides }) as TVideo;
const page = (videos: TVideo[], nextPage: string | null = null): TVideosPage => ({
  success: true,
  videos,
  nextPage,
});

describe('pages of videos', () => {
  it('flatten in order, each video once: a video that moved to a later page between reads is dropped', () => {
    const pages = [page([video('a'), video('b')], 'c1'), page([video('b'), video('c')])];
    expect(flattenVideoPages(pages).map((item) => item._id)).toEqual(['a', 'b', 'c']);
    expect(flattenVideoPages(undefined)).toEqual([]);
  });

  it('go on while there is a nextPage', () => {
    expect(readNextVideoPage(page([], 'c1'))).toBe('c1');
    expect(readNextVideoPage(page([]))).toBeUndefined();
  });

  it('are read again while one of them is still processing', () => {
    expect(hasProcessingVideo([page([video('a'), video('b', { status: 'processing' })])])).toBe(true);
    expect(hasProcessingVideo([page([video('a'), video('b', { status: 'failed' })])])).toBe(false);
  });
});

describe('a reaction shown before the server answers', () => {
  const counts = { love: 2, haha: 0, wow: 1, angry: 0, sad: 0 };

  it('moves the viewer from one reaction to another, or takes theirs back', () => {
    const reacted = video('a', { reactionCounts: counts, viewerReaction: 'love' });
    expect(applyVideoReaction(reacted, 'wow').reactionCounts).toEqual({ ...counts, love: 1, wow: 2 });
    expect(applyVideoReaction(reacted, null)).toMatchObject({
      viewerReaction: null,
      reactionCounts: { love: 1 },
    });
    const fresh = video('b', { reactionCounts: counts, viewerReaction: null });
    expect(applyVideoReaction(fresh, 'haha').reactionCounts.haha).toBe(1);
  });
});
