import type { audioRoutes, TAudiosPage } from '@stagepass/contract/audio';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { profileAudiosQueryKey } from '../../../lib/items/item-query-keys';
import { hasProcessingAudio, readNextAudioPage } from '../audio-cache';
import { AUDIO_PROCESSING_POLL_MS } from './audio-query-keys';

// Types only from the contract: the Audio tab and the play-creator-songs modal load no zod.

/** A page of a creator's tracks, newest first: cursor '0', then the answer's nextPage. */
export function listProfileAudios({
  username,
  cursor,
  signal,
}: {
  username: string;
  cursor: string;
  signal?: AbortSignal;
}) {
  return requestRoute<typeof audioRoutes.listProfileAudios>('GET /api/audio/profile-audios/:a/:b', {
    params: { a: username.trim().replace(/^@/, ''), b: cursor },
    signal,
  });
}

// The author sees a new track while its audio is processed; the list is read again until it is ready.
const pollWhileProcessing = (query: { state: { data?: { pages: TAudiosPage[] } } }) =>
  hasProcessingAudio(query.state.data?.pages.flatMap((page) => page.audios) ?? [])
    ? AUDIO_PROCESSING_POLL_MS
    : false;

export function getProfileAudiosQueryOptions(username: string) {
  return infiniteQueryOptions({
    queryKey: profileAudiosQueryKey(username),
    queryFn: ({ pageParam, signal }) => listProfileAudios({ username, cursor: pageParam, signal }),
    initialPageParam: '0',
    getNextPageParam: readNextAudioPage,
    refetchInterval: pollWhileProcessing,
  });
}

export function useProfileAudios(username: string) {
  return useInfiniteQuery(getProfileAudiosQueryOptions(username));
}
