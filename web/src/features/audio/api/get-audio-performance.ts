import type { audioRoutes } from '@stagepass/contract/audio';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { audioPerformanceQueryKey } from './audio-query-keys';

/** A track's plays, listeners, reactions, unlocks and earnings: its author only. */
export function getAudioPerformance(audioId: string, { signal }: { signal?: AbortSignal } = {}) {
  return requestRoute<typeof audioRoutes.getAudioPerformance>('GET /api/audio/audio-perfomance/:id', {
    params: { id: audioId },
    signal,
  });
}

export function getAudioPerformanceQueryOptions(audioId: string) {
  return queryOptions({
    queryKey: audioPerformanceQueryKey(audioId),
    queryFn: ({ signal }) => getAudioPerformance(audioId, { signal }),
    select: (answer) => answer.performance,
  });
}

export function useAudioPerformance(audioId: string) {
  return useQuery(getAudioPerformanceQueryOptions(audioId));
}
