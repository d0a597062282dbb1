import { VIDEO_MESSAGES, ZCreateVideoRequest } from '@stagepass/contract/video';
import { describe, expect, it } from 'vitest';
import { CHOOSE_A_SERIES, readVideoDraft, type VideoFormValues } from './video-draft';

const values = (overrides: Partial<VideoFormValues> = {}): VideoFormValues => ({
  kind: 'video',
  videoId: 'Vid0123456789abc',
  title: '  Backstage in Lusaka ',
  description: 'The night before the show.',
  videoPublicId: 'media-1',
  coverPublicId: null,
  seriesId: '',
  visibility: 'everyone',
  price: '',
  ...overrides,
});

describe('the draft of /create/video', () => {
  it('makes a video the server takes: trimmed, its file, no series', () => {
    const { draft } = readVideoDraft(values());
    expect(draft).toEqual({
      videoId: 'Vid0123456789abc',
      type: 'video',
      title: 'Backstage in Lusaka',
      description: 'The night before the show.',
      video_asset: { public_id: 'media-1' },
      cover_asset: null,
      seriesId: null,
      visibility: 'everyone',
      price: null,
    });
    expect(ZCreateVideoRequest.safeParse(draft).success).toBe(true);
  });

  it('makes an episode into the chosen series, and asks for the series first', () => {
    const { draft } = readVideoDraft(values({ kind: 'episode', seriesId: 'Ser0123456789abc' }));
    expect(draft).toMatchObject({ type: 'video', seriesId: 'Ser0123456789abc' });
    expect(ZCreateVideoRequest.safeParse(draft).success).toBe(true);
    expect(readVideoDraft(values({ kind: 'episode' })).errors).toEqual({ series: CHOOSE_A_SERIES });
  });

  it('makes a series without a file, sold whole at its price in ngwee', () => {
    const { draft } = readVideoDraft(
      values({
        kind: 'series',
        videoPublicId: 'ignored',
        coverPublicId: 'cover-1',
        visibility: 'pay-to-unlock',
        price: '49.50',
      }),
    );
    expect(draft).toMatchObject({
      type: 'series',
      video_asset: null,
      cover_asset: { public_id: 'cover-1' },
      price: 4950,
    });
    expect(ZCreateVideoRequest.safeParse(draft).success).toBe(true);
  });

  it('says what is missing or wrong, in the server words', () => {
    expect(readVideoDraft(values({ title: ' ', videoPublicId: null })).errors).toEqual({
      title: VIDEO_MESSAGES.titleRequired,
      video: VIDEO_MESSAGES.videoRequired,
    });
    expect(readVideoDraft(values({ title: 'x'.repeat(121) })).errors?.title).toBe(
      VIDEO_MESSAGES.titleTooLong,
    );
    expect(readVideoDraft(values({ visibility: 'pay-to-unlock' })).errors?.price).toBe(
      VIDEO_MESSAGES.priceRequired,
    );
    expect(readVideoDraft(values({ visibility: 'pay-to-unlock', price: 'free' })).errors?.price).toBe(
      VIDEO_MESSAGES.priceRange,
    );
    expect(readVideoDraft(values({ visibility: 'subscribers', price: '12' })).draft?.price).toBeNull();
  });
});
