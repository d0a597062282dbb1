import { describe, expect, it } from 'vitest';
import { readStartAt } from './use-video-source';

describe('where a video starts', () => {
  it('is where the viewer stopped', () => {
    expect(readStartAt(65.4, 300)).toBe(65.4);
  });

  it('is the beginning for a first visit, and for a video watched to its last seconds', () => {
    expect(readStartAt(0, 300)).toBe(0);
    expect(readStartAt(298, 300)).toBe(0);
    expect(readStartAt(Number.NaN, 300)).toBe(0);
  });

  it('trusts the position while the length is unknown', () => {
    expect(readStartAt(40, null)).toBe(40);
  });
});
