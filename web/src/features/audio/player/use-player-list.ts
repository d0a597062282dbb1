import { useEffect, useMemo, useState } from 'react';
import { usePlayerAudios } from '../api/player-list-audios';
import { toBareUsername } from '../api/player-query-keys';
import { flattenAudioPages } from '../audio-cache';
import { findNeighbour, shouldLoadMore } from './track-list';

/**
 * The player's list for the track in the address: the creator's tracks from the one the
 * page was opened with. Moving through it keeps it; opening a track it does not hold (a
 * related track, another creator's) starts a new list from there. The next page is asked
 * for as the current track nears the end of what is loaded.
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
