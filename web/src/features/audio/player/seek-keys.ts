import { SEEK_STEP_SECONDS } from './player-constants';

/**
 * Where a key pressed on the seek bar moves playback: the arrows 5 s, Page Up and Down
 * 30 s, Home and End to either end. Null for any other key, and for every key while
 * seeking is not allowed (the preview).
 */
export function readSeekKeyTarget(
  key: string,
  { position, duration, canSeek }: { position: number; duration: number; canSeek: boolean },
): number | null {
  if (!canSeek || !(duration > 0)) return null;
  const moves: Record<string, number> = {
    ArrowRight: position + SEEK_STEP_SECONDS,
    ArrowUp: position + SEEK_STEP_SECONDS,
    ArrowLeft: position - SEEK_STEP_SECONDS,
    ArrowDown: position - SEEK_STEP_SECONDS,
    PageUp: position + SEEK_STEP_SECONDS * 6,
    PageDown: position - SEEK_STEP_SECONDS * 6,
    Home: 0,
    End: duration,
  };
  const target = moves[key];
  return target === undefined ? null : Math.min(duration, Math.max(0, target));
}
