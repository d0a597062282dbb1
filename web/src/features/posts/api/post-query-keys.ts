/** Every post answer is cached under this prefix, so one patch or invalidation reaches them all. */
export const postsQueryKey = ['posts'] as const;

export const postQueryKey = (postId: string) => [...postsQueryKey, 'post', postId] as const;
export const feedQueryKey = [...postsQueryKey, 'feed'] as const;
/** A creator's posts; '@Ana' and 'ana' are the same list. */
export const creatorPostsQueryKey = (username: string) =>
  [...postsQueryKey, 'creator', username.trim().replace(/^@/, '').toLowerCase()] as const;

export const POSTS_PAGE_SIZE = 10;
/** How often a list with media still being processed is read again. */
export const PROCESSING_POLL_MS = 3000;
