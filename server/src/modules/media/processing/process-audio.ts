import path from 'node:path';
import { AUDIO_VARIANTS } from '@stagepass/contract/audio';
import { encodeAudioRenditions } from './audio-renditions.ts';
import { readWaveform } from './audio-waveform.ts';
import { detectAudioContainer, readContainerHeader } from './media-container.ts';
import { probeMedia } from './probe-media.ts';
import type { ProcessedMedia, ProcessorInput } from './processed-media.ts';
import { MediaRejectedError, PROCESSING_FAILURES, rejectWhenRefused } from './processing-failures.ts';

/**
 * An audio post (MP3, M4A or raw AAC, Ogg Opus or Vorbis, WAV, FLAC, WebM): a
 * loudness-normalised AAC at 128 kb/s, the same under 64 kb/s for the data saver, the
 * first 30 seconds as a preview of its own and the peaks of its waveform. The duration is
 * that of the 128 kb/s rendition. The original stays the owner's only: it is no output.
 */
export async function processAudio(input: ProcessorInput): Promise<ProcessedMedia> {
  const { publicId, originalFile, workDir, signal } = input;
  const demuxer = detectAudioContainer(await readContainerHeader(originalFile));
  if (!demuxer) throw new MediaRejectedError(PROCESSING_FAILURES.notAnAudio, 'unknown container');
  const { ffmpeg, ffprobe } = await input.tools();

  const source = await probeMedia(ffprobe, originalFile, demuxer, signal).catch(
    rejectWhenRefused(PROCESSING_FAILURES.notAnAudio),
  );
  if (!source.hasAudio) throw new MediaRejectedError(PROCESSING_FAILURES.notAnAudio, 'no audio stream');

  const outputs = {
    full: path.join(workDir, `${AUDIO_VARIANTS.full}.m4a`),
    dataSaver: path.join(workDir, `${AUDIO_VARIANTS.dataSaver}.m4a`),
    preview: path.join(workDir, `${AUDIO_VARIANTS.preview}.m4a`),
    waveformPcm: path.join(workDir, 'waveform.pcm'),
  };
  await encodeAudioRenditions({
    ffmpeg,
    signal,
    input: originalFile,
    demuxer,
    outputs,
    durationSeconds: source.durationSeconds,
    source: { kbps: source.audioKbps, codec: source.audioCodec },
  }).catch(rejectWhenRefused(PROCESSING_FAILURES.audioNotConverted));
  const rendition = await probeMedia(ffprobe, outputs.full, 'mov', signal);
  if (!rendition.hasAudio) throw new Error('the AAC rendition has no audio stream');
  const { peaks, sampleCount } = await readWaveform(outputs.waveformPcm, { signal });
  // An audio stream whose every packet is broken decodes to nothing: there is nothing to hear.
  if (sampleCount === 0) throw new MediaRejectedError(PROCESSING_FAILURES.notAnAudio, 'no audio decoded');
  const m4a = (name: string, file: string) => ({
    name,
    key: `${publicId}/${name}.m4a`,
    body: { path: file },
    contentType: 'audio/mp4',
  });
  return {
    files: [
      m4a(AUDIO_VARIANTS.full, outputs.full),
      m4a(AUDIO_VARIANTS.dataSaver, outputs.dataSaver),
      m4a(AUDIO_VARIANTS.preview, outputs.preview),
      {
        name: AUDIO_VARIANTS.waveform,
        key: `${publicId}/${AUDIO_VARIANTS.waveform}.json`,
        body: Buffer.from(JSON.stringify({ peaks })),
        contentType: 'application/json',
      },
    ],
    width: null,
    height: null,
    durationSeconds: rendition.durationSeconds ?? source.durationSeconds,
  };
}
