import {
  acceptOptions,
  isPostId,
  type ModalOptionsParser,
  NO_SUCH_POST,
  NO_SUCH_TRACK,
  refuseOptions,
} from '../../../lib/modals/modal-options';

// Here rather than in lib/modals, which every modal's page and gate share: only this modal says them.

/** Said for an item that is not there (contract/src/items.ts ITEM_MESSAGES.notFound, copied: no zod here). */
export const NO_SUCH_ITEM = 'This item does not exist or is no longer available.';

/** Every item's id has the shape posts and tracks always had (contract/src/items.ts, ZItemId). */
const isItemId = isPostId;

/**
 * What `?modal=unlock-exclusive-content/<itemId>` sells: an item of any kind, by its id
 * (the catalogue tells its kind). `missing` is what the modal says when no such item is found.
 */
export type UnlockTarget = { itemId: string; missing: string };

// Links made before items named a track as `audio:<audioId>` (not a slash: the modal query
// splits its parts at slashes); a track's id is its item id, so the prefix is only dropped.
const OLD_AUDIO_PREFIX = 'audio:';

export function readUnlockTarget(options: string): UnlockTarget {
  return options.startsWith(OLD_AUDIO_PREFIX)
    ? { itemId: options.slice(OLD_AUDIO_PREFIX.length), missing: NO_SUCH_TRACK }
    : { itemId: options, missing: NO_SUCH_ITEM };
}

/**
 * The unlock modal's options, checked before anything is fetched. An id of the wrong shape
 * is refused in the words the modal always used: an old track link's as a track's, any
 * other as a post's (a bare id named a post before items).
 */
export const parseUnlockOptions: ModalOptionsParser<UnlockTarget> = (options) => {
  if (!options) return refuseOptions('Open Unlock from a locked post or track.');
  const target = readUnlockTarget(options);
  if (isItemId(target.itemId)) return acceptOptions(target);
  return refuseOptions(target.missing === NO_SUCH_TRACK ? NO_SUCH_TRACK : NO_SUCH_POST);
};
