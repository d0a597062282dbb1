import { describe, expect, it } from 'vitest';
import type { MediaRendition } from '../../db/schema/index.ts';
import { downloadBytesOf, listQualitySizes } from './rendition-sizes.ts';

const MB = 1_000_000;
const ladder: MediaRendition[] = [
  { name: 'audio', width: null, height: null, bandwidth: 70_400, bytes: 1 * MB },
  { name: '240p', width: 426, height: 240, bandwidth: 345_400, bytes: 4 * MB },
  { name: '360p', width: 640, height: 360, bandwidth: 675_400, bytes: 9 * MB },
];

describe('what each quality costs a fan', () => {
  it('counts the audio with every video rung, and alone for audio only', () => {
    expect(downloadBytesOf(ladder, ladder[0]!)).toBe(1 * MB);
    expect(downloadBytesOf(ladder, ladder[1]!)).toBe(5 * MB);
    expect(downloadBytesOf(ladder, ladder[2]!)).toBe(10 * MB);
  });

  it('gives the whole video and a minute of it, in the ladder order', () => {
    // Two minutes long: a minute is half of it.
    expect(listQualitySizes(ladder, 120)).toEqual([
      { name: 'audio', width: null, height: null, bytes: 1 * MB, bytesPerMinute: 0.5 * MB },
      { name: '240p', width: 426, height: 240, bytes: 5 * MB, bytesPerMinute: 2.5 * MB },
      { name: '360p', width: 640, height: 360, bytes: 10 * MB, bytesPerMinute: 5 * MB },
    ]);
  });

  it('has no size a minute without a duration, and takes a silent video as it is', () => {
    const silent = ladder.slice(1);
    expect(listQualitySizes(silent, null)).toEqual([
      { name: '240p', width: 426, height: 240, bytes: 4 * MB, bytesPerMinute: null },
      { name: '360p', width: 640, height: 360, bytes: 9 * MB, bytesPerMinute: null },
    ]);
  });
});
