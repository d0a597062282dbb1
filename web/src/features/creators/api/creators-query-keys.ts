/**
 * Every creators list (all, search, featured, favourites, suggestions) sits under one root
 * key, so a follow or an edited profile can refresh them all with one invalidation.
 */
export const creatorsQueryKey = ['creators'] as const;

/**
 * Creators a page. The spec shows 10 skeleton cards while a list loads: one for each card
 * of the page that is coming.
 */
export const CREATORS_PAGE_SIZE = 10;
