/**
 * The query keys of items (DESIGN.md "Items, audiences and events"): the answers of each
 * kind sit under one prefix (every post answer under postsQueryKey, every track answer under
 * audioQueryKey, every video answer under videoQueryKey), and the catalogue's summaries of any kind under itemsQueryKey. Features
 * that change an item (a reaction, a purchase, a block) patch or refresh them through these
 * keys, written here once, so no feature imports another to reach its cache.
 */

export const postsQueryKey = ['posts'] as const;
export const postQueryKey = (postId: string) => [...postsQueryKey, 'post', postId] as const;
export const feedQueryKey = [...postsQueryKey, 'feed'] as const;
/** A creator's posts; '@Ana' and 'ana' are the same list. */
export const creatorPostsQueryKey = (username: string) =>
  [...postsQueryKey, 'creator', toBareName(username)] as const;

export const audioQueryKey = ['audio'] as const;
export const audioTrackQueryKey = (audioId: string) => [...audioQueryKey, 'track', audioId] as const;
/** A creator's tracks (the profile's Audio tab); '@Ana' and 'ana' are the same list. */
export const profileAudiosQueryKey = (username: string) =>
  [...audioQueryKey, 'profile', toBareName(username)] as const;

export const videoQueryKey = ['video'] as const;
/** One video or series (GET /api/video/fetch_video/:id). */
export const videoItemQueryKey = (videoId: string) => [...videoQueryKey, 'video', videoId] as const;
/** A creator's videos and series (the profile's Videos tab); '@Ana' and 'ana' are the same list. */
export const profileVideosQueryKey = (username: string) =>
  [...videoQueryKey, 'profile', toBareName(username)] as const;

/** One item of any kind as the viewer may see it (GET /api/items/:itemId). */
export const itemsQueryKey = ['items'] as const;
export const itemSummaryQueryKey = (itemId: string) => [...itemsQueryKey, itemId] as const;

function toBareName(username: string): string {
  return username.trim().replace(/^@/, '').toLowerCase();
}
