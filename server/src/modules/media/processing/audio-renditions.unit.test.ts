import { describe, expect, it } from 'vitest';
import { fullRenditionKbps } from './audio-renditions.ts';

describe('the full rendition’s bit rate', () => {
  it('is 128 kb/s for lossless or rich sources and when the source does not say', () => {
    expect(fullRenditionKbps({ kbps: null, codec: 'mp3' })).toBe(128);
    expect(fullRenditionKbps({ kbps: 320, codec: 'mp3' })).toBe(128);
    expect(fullRenditionKbps({ kbps: 128, codec: 'aac' })).toBe(128);
    // A quiet FLAC compresses to little; it is still lossless.
    expect(fullRenditionKbps({ kbps: 90, codec: 'flac' })).toBe(128);
    expect(fullRenditionKbps({ kbps: 1411.2, codec: 'pcm_s16le' })).toBe(128);
  });

  it('follows a lossy source coded at less, rounded up to 16 kb/s and never under 64', () => {
    expect(fullRenditionKbps({ kbps: 96, codec: 'mp3' })).toBe(96);
    expect(fullRenditionKbps({ kbps: 100, codec: 'opus' })).toBe(112);
    expect(fullRenditionKbps({ kbps: 48, codec: 'mp3' })).toBe(64);
    expect(fullRenditionKbps({ kbps: 32, codec: 'aac' })).toBe(64);
  });
});
