// The posts' query keys are the catalogue's (lib/items/item-query-keys.ts); these are how
// the feature reads its lists.

export const POSTS_PAGE_SIZE = 10;
/** How often a list with media still being processed is read again. */
export const PROCESSING_POLL_MS = 3000;
