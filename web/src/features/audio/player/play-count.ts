import { PLAY_COUNTS_AFTER_SECONDS } from './player-constants';

/**
 * Listening time, summed from the positions the media element reports while it plays:
 * what was heard, not where the playhead is (a seek forward adds nothing). One per track
 * per page visit; `isReported` keeps the play from being sent twice.
 */
export type Listening = {
  /** Seconds heard so far. */
  heardSeconds: number;
  /** The last position heard from; null after a pause or a seek, until playback goes on. */
  lastPosition: number | null;
  isReported: boolean;
};

export const initialListening: Listening = { heardSeconds: 0, lastPosition: null, isReported: false };

/**
 * A position reported while playing. The step since the last one is heard time when it is
 * forward and no longer than playback could cover between two reports (`maxStepSeconds`,
 * which grows with the playback rate); anything else is a jump, not listening.
 */
export function notePosition(listening: Listening, position: number, maxStepSeconds: number): Listening {
  const step = listening.lastPosition === null ? 0 : position - listening.lastPosition;
  const heard = step > 0 && step <= maxStepSeconds ? step : 0;
  return { ...listening, heardSeconds: listening.heardSeconds + heard, lastPosition: position };
}

/** Playback stopped or jumped: the next position starts a new stretch. */
export function breakListening(listening: Listening): Listening {
  return { ...listening, lastPosition: null };
}

/** The longest step between two reports of the position that still counts as heard. */
export function readMaxStep(playbackRate: number): number {
  // Browsers report every 15–250 ms; a second of slack covers a busy main thread.
  return Math.max(1, playbackRate) * 1.5;
}

/**
 * Whether to report the play now: once 30 s were heard, or at the end of what could be
 * heard (a shorter track, or the preview) when most of it was heard. `playableSeconds` is
 * the length of the file that ended, or where the preview stopped.
 */
export function shouldReportPlay(
  listening: Listening,
  { hasEnded, playableSeconds }: { hasEnded: boolean; playableSeconds: number },
): boolean {
  if (listening.isReported) return false;
  if (listening.heardSeconds >= PLAY_COUNTS_AFTER_SECONDS) return true;
  if (!hasEnded || !(playableSeconds > 0)) return false;
  return listening.heardSeconds >= Math.min(PLAY_COUNTS_AFTER_SECONDS, playableSeconds) * 0.9;
}

/** The value sent with the play: whole seconds heard, as the API takes them (0 to a day). */
export function readReportedSeconds(listening: Listening): number {
  return Math.min(86_400, Math.round(listening.heardSeconds));
}
