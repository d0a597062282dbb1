import { MEDIA_MESSAGES } from '@stagepass/contract/media';
import { PermanentJobError } from '../../../jobs/job-runner.ts';
import { MAX_INPUT_PIXELS } from '../avatar-variants.ts';
import { ToolFailedError } from './run-tool.ts';

/** What the creator reads in the asset's failure_reason: what went wrong and what to do. */
export const PROCESSING_FAILURES = {
  notAVideo: 'This file is not a video we can read.',
  videoNotConverted: 'The video could not be converted.',
  notAnAudio: 'This file is not an audio file we can read.',
  audioNotConverted:
    'This audio file could not be converted. Save or export it again as MP3, M4A, WAV or FLAC and upload that.',
  imageUnreadable: MEDIA_MESSAGES.unreadable,
  imageTooManyPixels: MEDIA_MESSAGES.tooManyPixels(MAX_INPUT_PIXELS / 1e6),
  imageNotProcessed: 'The image could not be processed. Try uploading it again.',
  audioNotProcessed: 'The audio file could not be processed. Try uploading it again.',
  originalMissing: 'The uploaded file was not found. Upload it again.',
} as const;

/** The file itself is the problem: trying again gives the same answer. */
export class MediaRejectedError extends PermanentJobError {
  override name = 'MediaRejectedError';
  constructor(
    readonly reason: string,
    /** What the tool said, for the job's last_error and the log. */
    detail?: string,
  ) {
    super(detail ? `${reason} (${detail})` : reason);
  }
}

/** The reason to record when a job is given up: the rejection's own, else one per kind. */
export function describeFailure(kind: 'image' | 'video' | 'audio', error: unknown): string {
  if (error instanceof MediaRejectedError) return error.reason;
  if (kind === 'video') return PROCESSING_FAILURES.videoNotConverted;
  if (kind === 'audio') return PROCESSING_FAILURES.audioNotProcessed;
  return PROCESSING_FAILURES.imageNotProcessed;
}

/**
 * ffmpeg or ffprobe that ends by itself with an error refused this file: final. One that
 * was killed (timeout, shutdown, out of memory) or never started is worth another try.
 */
export function rejectWhenRefused(reason: string) {
  return (error: unknown): never => {
    if (error instanceof ToolFailedError && error.exitCode !== null) {
      throw new MediaRejectedError(reason, lastLine(error.stderrTail));
    }
    throw error;
  };
}

function lastLine(text: string): string {
  return text.trim().split('\n').at(-1)?.slice(0, 300) ?? '';
}
