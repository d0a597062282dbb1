import { describe, expect, it } from 'vitest';
import type { MediaRendition } from '../../db/schema/index.ts';
import { listQualitySizes } from './rendition-sizes.ts';

const MB = 1_000_000;
const ladder: MediaRendition[] = [
  { name: 'audio', width: null, height: null, bandwidth: 70_400, bytes: 1 * MB },
  { name: '240p', width: 426, height: 240, bandwidth: 345_400, bytes: 5 * MB },
  { name: '360p', width: 640, height: 360, bandwidth: 675_400, bytes: 10 * MB },
];

describe('what each quality costs a fan', () => {
  it('gives the whole video and a minute of it, in the ladder order', () => {
    // Two minutes long: a minute is half of it.
    expect(listQualitySizes(ladder, 120)).toEqual([
      { name: 'audio', width: null, height: null, bytes: 1 * MB, bytesPerMinute: 0.5 * MB },
      { name: '240p', width: 426, height: 240, bytes: 5 * MB, bytesPerMinute: 2.5 * MB },
      { name: '360p', width: 640, height: 360, bytes: 10 * MB, bytesPerMinute: 5 * MB },
    ]);
    // Ten seconds: a minute is six times it.
    expect(listQualitySizes(ladder.slice(0, 1), 10)[0]?.bytesPerMinute).toBe(6 * MB);
  });

  it('has no size a minute without a duration', () => {
    expect(listQualitySizes(ladder.slice(1, 2), null)).toEqual([
      { name: '240p', width: 426, height: 240, bytes: 5 * MB, bytesPerMinute: null },
    ]);
  });
});
