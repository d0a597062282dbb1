import { useEffect, useMemo, useState } from 'react';
import { usePlayerAudios } from '../api/player-list-audios';
import { toBareUsername } from '../api/player-query-keys';
import { flattenAudioPages } from '../audio-cache';
import { findNeighbour, shouldLoadEarlier, shouldLoadMore } from './track-list';

/**
 * The player's list for the track playing: the creator's tracks in the profile's order,
 * loaded from the page around the one opened. Moving through it keeps it; opening a track it
 * does not hold (a related track, another creator's) starts a new list there. The next
 * page, and the one before (the newer tracks), are asked for as the current track nears
 * either end of what is loaded.
 */
export function usePlayerList(username: string, audioId: string) {
  const [anchor, setAnchor] = useState({ username, audioId });
  const list = usePlayerAudios(anchor.username, anchor.audioId);
  const tracks = useMemo(() => flattenAudioPages(list.data?.pages), [list.data]);

  const isOtherCreator =
    toBareUsername(anchor.username).toLowerCase() !== toBareUsername(username).toLowerCase();
  const isUnlisted = list.isSuccess && !tracks.some((track) => track.audioId === audioId);
  if ((isOtherCreator || isUnlisted) && (anchor.username !== username || anchor.audioId !== audioId)) {
    // Adjusting state while rendering (React's pattern for state derived from the address).
    setAnchor({ username, audioId });
  }

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    if (shouldLoadMore(tracks, audioId, { hasNextPage, isFetching: isFetchingNextPage }))
      void fetchNextPage();
  }, [tracks, audioId, hasNextPage, isFetchingNextPage, fetchNextPage]);
  const { hasPreviousPage, isFetchingPreviousPage, fetchPreviousPage } = list;
  useEffect(() => {
    if (shouldLoadEarlier(tracks, audioId, { hasPreviousPage, isFetching: isFetchingPreviousPage }))
      void fetchPreviousPage();
  }, [tracks, audioId, hasPreviousPage, isFetchingPreviousPage, fetchPreviousPage]);

  return {
    list,
    tracks,
    previousId: findNeighbour(tracks, audioId, -1),
    nextId: findNeighbour(tracks, audioId, 1),
    /** The track after `currentId`, fetching the next page first when it is not loaded yet. */
    async findNextAfter(currentId: string): Promise<string | null> {
      const loaded = findNeighbour(tracks, currentId, 1);
      if (loaded || !hasNextPage) return loaded;
      const fetched = await fetchNextPage();
      return findNeighbour(flattenAudioPages(fetched.data?.pages), currentId, 1);
    },
  };
}
