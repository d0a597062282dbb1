import type { TAudio } from '@stagepass/contract/audio';
import type { TPost } from '@stagepass/contract/posts';
import type { TVideo } from '@stagepass/contract/video';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { patchItemEverywhere, patchItemInData } from './item-cache';
import {
  audioTrackQueryKey,
  feedQueryKey,
  postQueryKey,
  profileAudiosQueryKey,
  videoItemQueryKey,
} from './item-query-keys';

const post = (postId: string, overrides: Partial<TPost> = {}) =>
  ({ postId, description: postId, ...overrides }) as TPost;
const track = (audioId: string) => ({ audioId, title: audioId, audio_asset: { status: 'ready' } }) as TAudio;
const rename = { post: (next: TPost) => ({ ...next, description: 'changed' }) };

describe('patchItemInData on posts', () => {
  it('changes the post in a single-post answer', () => {
    expect(patchItemInData({ success: true, post: post('a') }, 'a', rename)).toEqual({
      success: true,
      post: { postId: 'a', description: 'changed' },
    });
  });

  it('changes only that post in every page of an infinite list', () => {
    const data = {
      pageParams: ['0', 'c1'],
      pages: [{ posts: [post('a'), post('b')] }, { posts: [post('c')] }],
    };
    const patched = patchItemInData(data, 'c', rename) as typeof data;
    expect(patched.pages[0]).toBe(data.pages[0]);
    expect(patched.pages[1]?.posts[0]?.description).toBe('changed');
    expect(patched.pageParams).toEqual(['0', 'c1']);
  });

  it('removes the post when the patch answers null (a deleted post)', () => {
    const data = { pages: [{ posts: [post('a'), post('b')] }] };
    expect(patchItemInData(data, 'a', { post: () => null })).toEqual({ pages: [{ posts: [post('b')] }] });
    expect(patchItemInData({ post: post('a') }, 'a', { post: () => null })).toBeUndefined();
  });

  it('leaves other answers and other posts alone', () => {
    const other = { creators: [{ username: '@a' }] };
    expect(patchItemInData(other, 'a', rename)).toBe(other);
    const single = { post: post('b') };
    expect(patchItemInData(single, 'a', rename)).toBe(single);
  });
});

describe('patchItemInData on tracks', () => {
  it('takes a track out of every page of an infinite list', () => {
    const data = {
      pages: [
        { success: true, audios: [track('a'), track('b')], nextPage: 'x' },
        { success: true, audios: [track('c')], nextPage: null },
      ],
      pageParams: ['0', 'x'],
    };
    const patched = patchItemInData(data, 'b', { audio: () => null }) as typeof data;
    expect(patched.pages.map((page) => page.audios.map((audio) => audio.audioId))).toEqual([['a'], ['c']]);
    expect(patched.pageParams).toEqual(['0', 'x']);
  });

  it('changes one track and answers a single track without it as nothing', () => {
    expect(patchItemInData({ audio: track('a') }, 'a', { audio: () => null })).toBeUndefined();
    const renamed = patchItemInData({ audio: track('a') }, 'a', {
      audio: (audio) => ({ ...audio, title: 'New' }),
    });
    expect(renamed).toEqual({ audio: { ...track('a'), title: 'New' } });
  });

  it('leaves other shapes, other tracks and the other kind as they are', () => {
    const performance = { success: true, performance: { audioId: 'a', plays: 3 } };
    expect(patchItemInData(performance, 'a', { audio: () => null })).toBe(performance);
    expect(patchItemInData(null, 'a', { audio: () => null })).toBeNull();
    const other = { audio: track('b') };
    expect(patchItemInData(other, 'a', { audio: () => null })).toBe(other);
    // A post patch never touches a track of the same id, nor the reverse.
    const single = { audio: track('a') };
    expect(patchItemInData(single, 'a', { post: () => null })).toBe(single);
  });
});

describe('patchItemEverywhere', () => {
  it("changes every cached copy of the item under its kind's keys, and nothing else", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(postQueryKey('a'), { post: post('a') });
    queryClient.setQueryData(feedQueryKey, { pages: [{ posts: [post('b'), post('a')] }] });
    queryClient.setQueryData(audioTrackQueryKey('t'), { audio: track('t') });
    queryClient.setQueryData(profileAudiosQueryKey('@ana'), { pages: [{ audios: [track('t')] }] });

    patchItemEverywhere(queryClient, 'a', rename);
    patchItemEverywhere(queryClient, 't', { audio: (audio) => ({ ...audio, title: 'New' }) });

    expect(queryClient.getQueryData<{ post: TPost }>(postQueryKey('a'))?.post.description).toBe('changed');
    const feed = queryClient.getQueryData<{ pages: { posts: TPost[] }[] }>(feedQueryKey);
    expect(feed?.pages[0]?.posts.map((item) => item.description)).toEqual(['b', 'changed']);
    expect(queryClient.getQueryData<{ audio: TAudio }>(audioTrackQueryKey('t'))?.audio.title).toBe('New');
    const audios = queryClient.getQueryData<{ pages: { audios: TAudio[] }[] }>(profileAudiosQueryKey('ana'));
    expect(audios?.pages[0]?.audios[0]?.title).toBe('New');
  });
});

describe('patchItemInData on videos', () => {
  const video = (_id: string) => ({ _id, title: _id, views: 0 }) as TVideo;

  it('changes the video in a watch answer, a page of videos and an infinite list, by its _id', () => {
    const watched = { video: video('v'), series: null, nextEpisodeId: null };
    const patched = patchItemInData(watched, 'v', { video: (item) => ({ ...item, views: 1 }) });
    expect((patched as typeof watched).video.views).toBe(1);
    const list = { pages: [{ videos: [video('w'), video('v')], nextPage: null }] };
    expect(patchItemInData(list, 'v', { video: () => null })).toEqual({
      pages: [{ videos: [video('w')], nextPage: null }],
    });
  });

  it('reaches the cached videos under their own key only', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(videoItemQueryKey('v'), { video: video('v') });
    queryClient.setQueryData(postQueryKey('v'), { post: post('v') });
    patchItemEverywhere(queryClient, 'v', { video: (item) => ({ ...item, title: 'New' }) });
    expect(queryClient.getQueryData<{ video: TVideo }>(videoItemQueryKey('v'))?.video.title).toBe('New');
    expect(queryClient.getQueryData<{ post: TPost }>(postQueryKey('v'))?.post.description).toBe('v');
  });
});
