import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';

/** Bars of the seek bar's waveform: enough for a phone's width, small as JSON (~1.3 kB). */
export const WAVEFORM_PEAK_COUNT = 200;

/**
 * ffmpeg's output options for the signal the peaks are read from: mono, 8 kHz, signed
 * 16-bit little-endian PCM, 16 kB a second (58 MB for an hour, in the run's work folder).
 * 8 kHz keeps everything below 4 kHz, where nearly all of a song's or a voice's energy
 * (and so its peaks) is; a file rather than a pipe, so its size says exactly how many
 * samples there are to share among the bars, whatever the container claimed.
 */
export const WAVEFORM_PCM_ARGS = ['-ac', '1', '-ar', '8000', '-c:a', 'pcm_s16le', '-f', 's16le'];
const BYTES_PER_SAMPLE = 2;
const FULL_SCALE = 32_768;

export type Waveform = {
  /** Per bar, the largest absolute sample as a fraction of full scale: 0..1, three decimals. */
  peaks: number[];
  /** How many samples the file held: 0 when nothing could be decoded. */
  sampleCount: number;
};

/**
 * The waveform of a PCM file made with WAVEFORM_PCM_ARGS: the samples cut into `count`
 * equal runs and the peak of each. Read as a stream, so a three-hour podcast takes no more
 * memory than a song. A run with no samples (a file shorter than `count` samples) is 0.
 */
export async function readWaveform(
  pcmFile: string,
  options: { count?: number; signal?: AbortSignal } = {},
): Promise<Waveform> {
  const count = options.count ?? WAVEFORM_PEAK_COUNT;
  const { size } = await fs.stat(pcmFile);
  const sampleCount = Math.floor(size / BYTES_PER_SAMPLE);
  const peaks = new Array<number>(count).fill(0);
  let sampleIndex = 0;
  // A chunk may end half-way through a sample: its first byte waits for the next chunk.
  let pending: Buffer = Buffer.alloc(0);
  const stream = createReadStream(pcmFile, { signal: options.signal, highWaterMark: 256 * 1024 });
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const bytes = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % BYTES_PER_SAMPLE);
    for (let offset = 0; offset < whole && sampleIndex < sampleCount; offset += BYTES_PER_SAMPLE) {
      const bar = Math.floor((sampleIndex * count) / sampleCount);
      const level = Math.abs(bytes.readInt16LE(offset));
      if (level > peaks[bar]!) peaks[bar] = level;
      sampleIndex++;
    }
    pending = bytes.subarray(whole);
  }
  return { peaks: peaks.map((level) => Math.round((level / FULL_SCALE) * 1000) / 1000), sampleCount };
}
