import type { TAudio } from '@stagepass/contract/audio';

/** The track one step before (-1) or after (1) the current one; null at either end or when it is not listed. */
export function findNeighbour(
  tracks: readonly Pick<TAudio, 'audioId'>[],
  currentId: string,
  step: 1 | -1,
): string | null {
  const index = tracks.findIndex((track) => track.audioId === currentId);
  if (index === -1) return null;
  return tracks[index + step]?.audioId ?? null;
}

/** How close to the end of what is loaded the player asks for the next page. */
export const LOAD_MORE_WITHIN = 2;

/**
 * Whether to fetch the next page now: the current track is among the last ones loaded, so
 * Next and the automatic advance never wait at the end of a page.
 */
export function shouldLoadMore(
  tracks: readonly Pick<TAudio, 'audioId'>[],
  currentId: string,
  { hasNextPage, isFetching }: { hasNextPage: boolean; isFetching: boolean },
): boolean {
  if (!hasNextPage || isFetching) return false;
  const index = tracks.findIndex((track) => track.audioId === currentId);
  return index === -1 || index >= tracks.length - 1 - LOAD_MORE_WITHIN;
}

/**
 * Whether to fetch the page before now (the creator's newer tracks): the current track is
 * among the first ones loaded, so Previous never waits at the start of what is loaded.
 */
export function shouldLoadEarlier(
  tracks: readonly Pick<TAudio, 'audioId'>[],
  currentId: string,
  { hasPreviousPage, isFetching }: { hasPreviousPage: boolean; isFetching: boolean },
): boolean {
  if (!hasPreviousPage || isFetching) return false;
  const index = tracks.findIndex((track) => track.audioId === currentId);
  return index !== -1 && index <= LOAD_MORE_WITHIN;
}
