/**
 * Every creators list (all, search, featured, favourites, suggestions) sits under one root
 * key, so a follow, a block or an edited profile refreshes them all with one invalidation.
 * In lib/ because the creators feature reads these lists and the profiles feature refreshes
 * them: neither imports the other for it.
 */
export const creatorsQueryKey = ['creators'] as const;
