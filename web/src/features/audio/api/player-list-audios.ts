import type { audioRoutes } from '@stagepass/contract/audio';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { readNextAudioPage } from '../audio-cache';
import { playerListQueryKey, toBareUsername } from './player-query-keys';

/**
 * A page of the player's list: the creator's tracks in the profile's order, the first page
 * the one around the track the player was opened with, then pages both ways
 * (GET /api/audio/player-audios/:a/:b?initialAudioId=).
 */
export function fetchPlayerAudiosPage({
  username,
  initialAudioId,
  cursor,
  signal,
}: {
  username: string;
  initialAudioId: string;
  cursor: string;
  signal?: AbortSignal;
}) {
  return requestRoute<typeof audioRoutes.listPlayerAudios>('GET /api/audio/player-audios/:a/:b', {
    params: { a: toBareUsername(username), b: cursor },
    query: { initialAudioId },
    signal,
  });
}

export function getPlayerAudiosQueryOptions(username: string, initialAudioId: string) {
  return infiniteQueryOptions({
    queryKey: playerListQueryKey(username, initialAudioId),
    queryFn: ({ pageParam, signal }) =>
      fetchPlayerAudiosPage({ username, initialAudioId, cursor: pageParam, signal }),
    initialPageParam: '0',
    getNextPageParam: readNextAudioPage,
    // The creator's newer tracks, before the one opened (the first page is the page around it).
    getPreviousPageParam: (firstPage) => firstPage.previousPage ?? undefined,
    retry: false,
  });
}

export function usePlayerAudios(username: string, initialAudioId: string) {
  return useInfiniteQuery(getPlayerAudiosQueryOptions(username, initialAudioId));
}
