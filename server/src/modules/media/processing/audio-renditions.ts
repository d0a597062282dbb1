import { AUDIO_PREVIEW_SECONDS } from '@stagepass/contract/audio';
import { WAVEFORM_PCM_ARGS } from './audio-waveform.ts';
import type { Demuxer } from './media-container.ts';
import { ffmpegThreads } from './media-tools.ts';
import { runTool } from './run-tool.ts';

type Run = { ffmpeg: string; signal?: AbortSignal };

const COMMON = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'];

/**
 * EBU R128 loudness normalisation to -16 LUFS integrated, -1.5 dBTP true peak, 11 LU
 * loudness range. Listeners go from one creator's track to the next: a podcast recorded
 * on a phone and a mastered song differ by 15 dB or more, and without this the player's
 * volume jumps between them. -16 LUFS is what Apple and the AES recommend for streams
 * heard on phones; the true-peak ceiling leaves room for the AAC encoder's overshoot, so
 * the rendition does not clip. One pass (loudnorm's dynamic mode, a gentle automatic gain
 * with 3 s of look-ahead) rather than measuring first and applying a linear gain in a
 * second pass: the second pass would decode the whole file again for a difference few
 * listeners hear. Mono and stereo pass as they are; more channels are downmixed to stereo
 * first, so what is measured is what is heard.
 */
const NORMALISE = 'aformat=channel_layouts=mono|stereo,loudnorm=I=-16:TP=-1.5:LRA=11';

/**
 * loudnorm works (and outputs) at 192 kHz; everything is resampled once to 44.1 kHz, the
 * rate of most music masters, which every player and AAC decoder takes.
 */
export const AUDIO_SAMPLE_RATE = 44_100;

/** The fade-out at the end of a preview cut from a longer track, so it does not stop mid-note. */
export const PREVIEW_FADE_SECONDS = 2;

/**
 * The data saver: stereo at 62 kb/s rather than 48 kb/s mono. Much of what is uploaded is
 * music, which mono would flatten for every listener on earphones; AAC codes a mono
 * source's two equal channels as one (mid/side), so a podcast loses little by it. 62 and
 * not 64: ffmpeg's encoder runs about 0.5% over its target and the M4A boxes add some 2%
 * more, and the contract promises at most 64 kb/s for the whole file (measured: 63.8 for
 * three minutes). HE-AAC would sound better at this rate, but ffmpeg's own encoder makes
 * only AAC-LC.
 */
const DATA_SAVER_KBPS = 62;
const FULL_KBPS = 128;

/** Codecs that threw sound away: their bit rate says how much is left to keep. */
const LOSSY_CODECS = new Set(['mp3', 'mp2', 'aac', 'vorbis', 'opus', 'wmav2', 'ac3', 'eac3']);

/**
 * The full rendition's rate: 128 kb/s, or less for a lossy source coded at less (a
 * podcast's 48 kb/s MP3), since re-encoding brings back nothing a lower rate lost, and a
 * 3-hour episode came out at 175 MB from a 65 MB upload. Rounded up to 16 kb/s, at least
 * 64. A lossless source (WAV, FLAC) says nothing by its rate: a quiet FLAC compresses small.
 */
export function fullRenditionKbps(source: { kbps: number | null; codec: string | null }): number {
  const sourceKbps = source.codec && LOSSY_CODECS.has(source.codec) ? source.kbps : null;
  if (sourceKbps === null) return FULL_KBPS;
  return Math.min(FULL_KBPS, Math.max(64, Math.ceil(sourceKbps / 16) * 16));
}

export type AudioRenditionFiles = {
  /** The normalised AAC at 128 kb/s. */
  full: string;
  /** The same at 62 kb/s, for the data saver. */
  dataSaver: string;
  /** The first 30 seconds, faded out, at 128 kb/s. */
  preview: string;
  /** Mono 8 kHz signed 16-bit PCM, for the waveform (audio-waveform.ts). */
  waveformPcm: string;
};

/**
 * Every rendition of an audio upload in one run of ffmpeg: the file is decoded and
 * normalised once and the signal split four ways (one pass of loudnorm costs about as
 * much as the three AAC encodes together). The preview is encoded from the normalised
 * signal, not cut from the full file, so it can fade out. Only the first audio stream
 * is taken: an MP3's or M4A's cover picture, tags and chapters are left behind (tags can
 * name the recording device, a place or a person).
 */
export async function encodeAudioRenditions(
  run: Run & {
    input: string;
    demuxer: Demuxer;
    outputs: AudioRenditionFiles;
    /** The source's, when the probe knew it: whether the preview is cut short and how long to wait. */
    durationSeconds: number | null;
    /** The source's audio bit rate and codec, as the probe read them (fullRenditionKbps). */
    source: { kbps: number | null; codec: string | null };
  },
): Promise<void> {
  const { outputs, durationSeconds } = run;
  const fullKbps = fullRenditionKbps(run.source);
  const isCut = durationSeconds === null || durationSeconds > AUDIO_PREVIEW_SECONDS;
  // A track no longer than the preview is heard whole, as it ends, without a fade.
  const previewFilter = isCut
    ? `atrim=duration=${AUDIO_PREVIEW_SECONDS},` +
      `afade=t=out:st=${AUDIO_PREVIEW_SECONDS - PREVIEW_FADE_SECONDS}:d=${PREVIEW_FADE_SECONDS}`
    : `atrim=duration=${AUDIO_PREVIEW_SECONDS}`;
  const graph =
    `[0:a:0]${NORMALISE},aresample=${AUDIO_SAMPLE_RATE},asplit=4[full][lite][cut][peaks];` +
    `[cut]${previewFilter}[preview]`;
  const args = [
    ...COMMON,
    '-f',
    run.demuxer,
    '-i',
    run.input,
    '-filter_complex',
    graph,
    '-threads',
    String(ffmpegThreads()),
    ...m4aOutput('[full]', `${fullKbps}k`, outputs.full),
    ...m4aOutput('[lite]', `${Math.min(DATA_SAVER_KBPS, fullKbps)}k`, outputs.dataSaver),
    ...m4aOutput('[preview]', `${fullKbps}k`, outputs.preview),
    '-map',
    '[peaks]',
    ...WAVEFORM_PCM_ARGS,
    outputs.waveformPcm,
  ];
  // Generous: the lease keeps the job ours; this only stops an ffmpeg that hangs. Here
  // it runs some 25 times faster than the audio plays.
  const timeoutMs = 10 * 60_000 + (durationSeconds ?? 3600) * 1_000;
  await runTool(run.ffmpeg, args, { signal: run.signal, timeoutMs });
}

/**
 * AAC-LC stereo in an M4A (an MP4 that says 'M4A ' in its ftyp box: audio only), index
 * first (faststart) so playback starts before the whole file arrives. Metadata and
 * chapters are options of each output in ffmpeg, hence dropped for each.
 */
function m4aOutput(label: string, bitrate: string, file: string): string[] {
  return [
    '-map',
    label,
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    '-c:a',
    'aac',
    '-profile:a',
    'aac_low',
    '-b:a',
    bitrate,
    '-ac',
    '2',
    '-movflags',
    '+faststart',
    '-f',
    'ipod',
    file,
  ];
}
