import { videoQueryKey } from '../../../lib/items/item-query-keys';

// Every video answer sits under the catalogue's video prefix (lib/items/item-query-keys.ts),
// so one patch or invalidation reaches them all; the video and profile list keys are there too.

export const watchQueryKey = (videoId: string) => [...videoQueryKey, 'watch', videoId] as const;
/** Every video of a creator, episodes and unfinished ones included (the author's manage list). */
export const creatorVideosQueryKey = (username: string) =>
  [...videoQueryKey, 'creator', username.trim().replace(/^@/, '').toLowerCase()] as const;
export const relatedVideosQueryKey = (videoId: string) => [...videoQueryKey, 'related', videoId] as const;
export const discoverVideosQueryKey = [...videoQueryKey, 'discover'] as const;
export const videoPerformanceQueryKey = (videoId: string) =>
  [...videoQueryKey, 'performance', videoId] as const;

/** How often a video still being processed is read again, for its author's progress. */
export const VIDEO_PROCESSING_POLL_MS = 2000;

/** A creator's username as the paths take it: without its '@'. */
export function toPathName(username: string): string {
  return username.trim().replace(/^@/, '');
}
