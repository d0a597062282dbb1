import { detectAudioContainer, readContainerHeader } from './media-container.ts';
import { probeMedia } from './probe-media.ts';
import type { ProcessedMedia, ProcessorInput } from './processed-media.ts';
import { MediaRejectedError, PROCESSING_FAILURES, rejectWhenRefused } from './processing-failures.ts';

/** An audio file: for now only its duration is read (the audio issue adds its renditions). */
export async function processAudio(input: ProcessorInput): Promise<ProcessedMedia> {
  const demuxer = detectAudioContainer(await readContainerHeader(input.originalFile));
  if (!demuxer) throw new MediaRejectedError(PROCESSING_FAILURES.notAnAudio, 'unknown container');
  const { ffprobe } = await input.tools();
  const probe = await probeMedia(ffprobe, input.originalFile, demuxer, input.signal).catch(
    rejectWhenRefused(PROCESSING_FAILURES.notAnAudio),
  );
  if (!probe.hasAudio) throw new MediaRejectedError(PROCESSING_FAILURES.notAnAudio, 'no audio stream');
  return { files: [], width: null, height: null, durationSeconds: probe.durationSeconds };
}
