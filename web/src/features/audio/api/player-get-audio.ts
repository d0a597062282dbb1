import type { audioRoutes, TAudio } from '@stagepass/contract/audio';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { audioTrackQueryKey } from '../../../lib/items/item-query-keys';
import { AUDIO_PROCESSING_POLL_MS } from './audio-query-keys';

// Types only from the contract: the player's chunk must stay free of zod.

/** One track as the viewer may hear it (GET /api/audio/fetch-audio/:id). */
export function fetchAudio(audioId: string, { signal }: { signal?: AbortSignal } = {}) {
  return requestRoute<typeof audioRoutes.getAudio>('GET /api/audio/fetch-audio/:id', {
    params: { id: audioId },
    signal,
  });
}

/**
 * Signed addresses are read again this long before they stop working. They live 10 to 15
 * minutes (decision 021): two minutes of margin re-reads a playing track about every 8 to 13
 * minutes, where ten re-read it every minute or so.
 */
const RENEW_BEFORE_EXPIRY_MS = 2 * 60 * 1000;

/**
 * When to read the track again by itself: every few seconds while its audio is processing,
 * and shortly before its signed addresses expire (a long listen keeps its place: the player
 * keeps the file it has while the address is only signed anew).
 */
export function readAudioRefetchInterval(track: TAudio | undefined, now = Date.now()): number | false {
  if (!track) return false;
  if (track.audio_asset.status === 'processing') return AUDIO_PROCESSING_POLL_MS;
  if (!track.urlsExpireAt) return false;
  const untilRenewal = Date.parse(track.urlsExpireAt) - RENEW_BEFORE_EXPIRY_MS - now;
  return Number.isFinite(untilRenewal) ? Math.max(60_000, untilRenewal) : false;
}

export function getAudioQueryOptions(audioId: string) {
  return queryOptions({
    queryKey: audioTrackQueryKey(audioId),
    queryFn: ({ signal }) => fetchAudio(audioId, { signal }),
    // A missing track stays missing.
    retry: false,
    refetchInterval: (query) => readAudioRefetchInterval(query.state.data?.audio),
  });
}

/**
 * One track; `placeholder` (the same track from the player's list) shows and plays at
 * once while the track's own answer is on its way.
 */
export function useAudio(audioId: string, { placeholder }: { placeholder?: TAudio } = {}) {
  return useQuery({
    ...getAudioQueryOptions(audioId),
    placeholderData: placeholder ? { success: true as const, audio: placeholder } : undefined,
  });
}
