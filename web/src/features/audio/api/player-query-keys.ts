import { audioQueryKey } from '../../../lib/items/item-query-keys';

// The player's answers, under the audio prefix every audio answer shares (lib/items); the
// track's own key is there too (audioTrackQueryKey), as other features patch it.

/** The player's list for a creator, begun at the track it was opened with. */
export const playerListQueryKey = (username: string, initialAudioId: string) =>
  [...audioQueryKey, 'player-list', toBareUsername(username).toLowerCase(), initialAudioId] as const;
export const relatedAudiosQueryKey = (audioId: string) => [...audioQueryKey, 'related', audioId] as const;
export const creatorVideosQueryKey = (username: string) =>
  [...audioQueryKey, 'creator-videos', toBareUsername(username).toLowerCase()] as const;
/** By the audio file's public_id: a new signature on its address is the same waveform. */
export const waveformQueryKey = (publicId: string) => [...audioQueryKey, 'waveform', publicId] as const;

/** The audio paths take a username without its @ (decision 020). */
export function toBareUsername(username: string): string {
  return username.trim().replace(/^@/, '');
}
