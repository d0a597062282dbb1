/** The height of a bar where the waveform is silent or unknown, so the bar stays visible. */
export const MIN_BAR_HEIGHT = 0.06;

/**
 * The waveform's peaks (each 0..1, any count) as `count` bars: each bar the loudest peak of
 * its share. Without peaks (still processing, or none fetched) the bars are flat.
 */
export function toWaveformBars(peaks: readonly number[], count: number): number[] {
  if (count <= 0) return [];
  if (peaks.length === 0) return Array.from({ length: count }, () => MIN_BAR_HEIGHT * 2);
  return Array.from({ length: count }, (_, bar) => {
    const start = Math.floor((bar * peaks.length) / count);
    const end = Math.max(start + 1, Math.floor(((bar + 1) * peaks.length) / count));
    let loudest = 0;
    for (let index = start; index < end && index < peaks.length; index++) {
      const peak = peaks[index] ?? 0;
      if (Number.isFinite(peak) && peak > loudest) loudest = peak;
    }
    return Math.max(MIN_BAR_HEIGHT, Math.min(1, loudest));
  });
}

/** Only what the waveform file must hold: `{ peaks: number[] }`; anything else reads as no peaks. */
export function readPeaks(body: unknown): number[] {
  if (typeof body !== 'object' || body === null) return [];
  const { peaks } = body as { peaks?: unknown };
  if (!Array.isArray(peaks)) return [];
  return peaks.filter((peak): peak is number => typeof peak === 'number' && Number.isFinite(peak));
}
