// The lists' root key, creatorsQueryKey, is in lib/creators-query-key.ts: profiles refresh them too.

/**
 * Creators a page. The spec shows 10 skeleton cards while a list loads: one for each card
 * of the page that is coming.
 */
export const CREATORS_PAGE_SIZE = 10;
