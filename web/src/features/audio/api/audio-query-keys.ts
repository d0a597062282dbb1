import { audioQueryKey } from '../../../lib/items/item-query-keys';

// Every audio answer sits under the catalogue's audio prefix (lib/items/item-query-keys.ts),
// so one patch or invalidation reaches them all; the track and list keys are there too.

export const audioPerformanceQueryKey = (audioId: string) =>
  [...audioQueryKey, 'performance', audioId] as const;

/** How often a list with a track still being processed is read again. */
export const AUDIO_PROCESSING_POLL_MS = 3000;
