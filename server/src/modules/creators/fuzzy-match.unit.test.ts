import { describe, expect, it } from 'vitest';
import { prefixEditDistance, scoreMatch, splitWords } from './fuzzy-match.ts';

const mwila = 'mwila banda @mwilabanda music artist';

describe('the search fallback scoring', () => {
  it('counts edits to the nearest prefix of a word', () => {
    expect(prefixEditDistance('mwi', 'mwilabanda')).toBe(0);
    expect(prefixEditDistance('mwla', 'mwila')).toBe(1);
    expect(prefixEditDistance('bnda', 'banda')).toBe(1);
    expect(prefixEditDistance('zzz', 'banda')).toBe(3);
    // Two neighbouring letters swapped are one typo, as the trigram engine's typo keys count them.
    expect(prefixEditDistance('bnada', 'banda')).toBe(1);
    expect(prefixEditDistance('mwlia', 'mwila')).toBe(1);
    expect(prefixEditDistance('bnaad', 'banda')).toBe(2);
  });

  it('splits on anything that is not a letter or digit', () => {
    expect(splitWords('Mwila Banda @mwila_banda2')).toEqual(['mwila', 'banda', 'mwila', 'banda2']);
  });

  it('scores prefixes and small typos high, other names low', () => {
    expect(scoreMatch('mwi', mwila)).toBe(1);
    expect(scoreMatch('mwla band', mwila)).toBeGreaterThanOrEqual(0.8);
    expect(scoreMatch('podcast', 'chanda mulenga @chanda podcaster')).toBe(1);
    expect(scoreMatch('mwial', mwila)).toBeGreaterThanOrEqual(0.6);
    expect(scoreMatch('mwla band', 'chanda mulenga @chanda podcaster')).toBe(0);
  });
});
