import { describe, expect, it } from 'vitest';
import {
  formatDataSize,
  formatEpisodeCount,
  formatPerMinute,
  formatRate,
  formatRenditionName,
  formatViews,
  formatWholeVideoCost,
  listVideoRenditions,
} from './video-format';

// The ladder of a 10-minute video as the server states it (DESIGN.md's measured sizes a minute).
const ladder = [
  { name: 'audio', height: null, bytesPerMinute: 480_000, bytes: 4_800_000 },
  { name: '240p', height: 240, bytesPerMinute: 1_900_000, bytes: 19_000_000 },
  { name: '360p', height: 360, bytesPerMinute: 4_200_000, bytes: 42_000_000 },
  { name: '720p', height: 720, bytesPerMinute: 13_700_000, bytes: 137_000_000 },
];

describe('formatDataSize', () => {
  it('says a rough figure in the units a data plan is sold in', () => {
    expect(formatDataSize(480_000)).toBe('≈ 480 KB');
    expect(formatDataSize(1_900_000)).toBe('≈ 1.9 MB');
    expect(formatDataSize(2_000_000)).toBe('≈ 2 MB');
    expect(formatDataSize(13_700_000)).toBe('≈ 14 MB');
    expect(formatDataSize(1_240_000_000)).toBe('≈ 1.2 GB');
  });

  it('never says less than 1 KB, nor anything for a size it cannot read', () => {
    expect(formatDataSize(12)).toBe('≈ 1 KB');
    expect(formatDataSize(0)).toBe('≈ 1 KB');
    expect(formatDataSize(Number.NaN)).toBe('≈ 1 KB');
  });
});

describe('the data cost of a quality', () => {
  it('is its size a minute, in the issue words', () => {
    expect(formatPerMinute({ bytesPerMinute: 2_000_000 })).toBe('≈ 2 MB a minute');
    expect(formatPerMinute({ bytesPerMinute: 13_700_000 })).toBe('≈ 14 MB a minute');
  });

  it('names each quality by its height, and the sound-only one in words', () => {
    expect(ladder.map(formatRenditionName)).toEqual(['Audio only', '240p', '360p', '720p']);
  });

  it('lists the video rungs lowest first, without the sound-only one', () => {
    const shuffled = [ladder[3]!, ladder[0]!, ladder[1]!, ladder[2]!];
    expect(listVideoRenditions(shuffled).map((rung) => rung.name)).toEqual(['240p', '360p', '720p']);
  });

  it('says what the whole video costs at a held quality, and the span while adapting', () => {
    expect(formatWholeVideoCost(ladder, 240)).toBe('The whole video: ≈ 19 MB at 240p.');
    expect(formatWholeVideoCost(ladder, 720)).toBe('The whole video: ≈ 137 MB at 720p.');
    expect(formatWholeVideoCost(ladder, null)).toBe(
      'The whole video: ≈ 19 MB to ≈ 137 MB, as your connection allows.',
    );
    expect(formatWholeVideoCost([ladder[1]!], null)).toBe('The whole video: ≈ 19 MB.');
    expect(formatWholeVideoCost([ladder[0]!], null)).toBe('');
  });
});

describe('counts, times and rates', () => {
  it('reads as people say them', () => {
    expect(formatViews(1)).toBe('1 view');
    expect(formatViews(1204)).toBe('1,204 views');
    expect(formatEpisodeCount(1)).toBe('1 episode');
    expect(formatEpisodeCount(3)).toBe('3 episodes');
    expect(formatRate(1)).toBe('Normal');
    expect(formatRate(0.1)).toBe('0.1×');
    expect(formatRate(5)).toBe('5×');
  });
});
