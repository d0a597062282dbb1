import { isAudioId, isPostId, NO_SUCH_POST, NO_SUCH_TRACK } from '../../lib/modals/modal-options';

/** The item a membership link is about (`?collection=audio&itemId=…`), when it names one. */
export type MembershipItem = { type: 'audio' | 'post'; id: string } | null;

/**
 * Reads the spec's `/manage-membership/{username}?collection=audio&itemId={audioId}`: a track
 * (collection audio) or a post (collection post or posts) by its id; no item without both.
 */
export function readMembershipItem(search: URLSearchParams): {
  item: MembershipItem;
  problem: string | null;
} {
  const collection = search.get('collection')?.trim() ?? '';
  const itemId = search.get('itemId')?.trim() ?? '';
  if (!collection && !itemId) return { item: null, problem: null };
  if (collection === 'audio') {
    return isAudioId(itemId)
      ? { item: { type: 'audio', id: itemId }, problem: null }
      : { item: null, problem: NO_SUCH_TRACK };
  }
  if (collection === 'post' || collection === 'posts') {
    return isPostId(itemId)
      ? { item: { type: 'post', id: itemId }, problem: null }
      : { item: null, problem: NO_SUCH_POST };
  }
  return { item: null, problem: 'This link names nothing to join or unlock.' };
}
