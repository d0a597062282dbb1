import { describe, expect, it } from 'vitest';
import { chooseEngine } from './attach-stream';

describe('which engine plays a stream', () => {
  it("is the browser's own HLS when it has it and no rung must be held: hls.js never loads", () => {
    expect(chooseEngine({ hasNativeHls: true, hasMediaSource: true, mustHoldRung: false })).toBe('native');
  });

  it('is hls.js where the browser has no HLS of its own', () => {
    expect(chooseEngine({ hasNativeHls: false, hasMediaSource: true, mustHoldRung: false })).toBe('hls.js');
    expect(chooseEngine({ hasNativeHls: false, hasMediaSource: true, mustHoldRung: true })).toBe('hls.js');
  });

  it('is hls.js where a rung must be held (saving data, a chosen quality) and it can run', () => {
    expect(chooseEngine({ hasNativeHls: true, hasMediaSource: true, mustHoldRung: true })).toBe('hls.js');
  });

  it('is native without Media Source Extensions (an older iPhone), whatever is asked', () => {
    expect(chooseEngine({ hasNativeHls: true, hasMediaSource: false, mustHoldRung: true })).toBe('native');
  });
});
