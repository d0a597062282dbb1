import { describe, expect, it } from 'vitest';
import { formatByteSize, MEDIA_MESSAGES } from './media.ts';

describe('upload limit messages', () => {
  it('name the limit of the kind in units a person reads', () => {
    expect(MEDIA_MESSAGES.tooLargeForKind('video', 2 * 1024 ** 3)).toBe(
      'This video is larger than 2 GB, the limit for videos.',
    );
    expect(MEDIA_MESSAGES.tooLargeForKind('audio', 200 * 1024 ** 2)).toBe(
      'This audio file is larger than 200 MB, the limit for audio files.',
    );
    expect(MEDIA_MESSAGES.tooLargeForKind('image', 20 * 1024 ** 2)).toBe(
      'This photo is larger than 20 MB, the limit for photos.',
    );
    expect(formatByteSize(1.5 * 1024 ** 3)).toBe('1.5 GB');
    expect(formatByteSize(64 * 1024)).toBe('0.1 MB');
  });
});
