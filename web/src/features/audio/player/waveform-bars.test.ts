import { describe, expect, it } from 'vitest';
import { MIN_BAR_HEIGHT, readPeaks, toWaveformBars } from './waveform-bars';

describe('the waveform bars', () => {
  it('take the loudest peak of each share', () => {
    expect(toWaveformBars([0.1, 0.9, 0.2, 0.4], 2)).toEqual([0.9, 0.4]);
  });

  it('stretch fewer peaks over more bars', () => {
    expect(toWaveformBars([0.5, 1], 4)).toEqual([0.5, 0.5, 1, 1]);
  });

  it('keep silent parts visible and clamp what is out of range', () => {
    expect(toWaveformBars([0, 2], 2)).toEqual([MIN_BAR_HEIGHT, 1]);
  });

  it('are flat without peaks', () => {
    const bars = toWaveformBars([], 3);
    expect(bars).toHaveLength(3);
    expect(new Set(bars).size).toBe(1);
  });
});

describe('the waveform file', () => {
  it('gives its numeric peaks', () => {
    expect(readPeaks({ peaks: [0.1, 'x', 0.3, null, Number.NaN] })).toEqual([0.1, 0.3]);
  });

  it('gives none when it is not the expected shape', () => {
    expect(readPeaks(null)).toEqual([]);
    expect(readPeaks({ peaks: 'loud' })).toEqual([]);
    expect(readPeaks([0.1])).toEqual([]);
  });
});
