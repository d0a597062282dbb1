import type { TLike, TPost } from '@stagepass/contract/posts';

// Types only from the contract: post items ship in the profile page's chunk, which must not
// pull zod in. reaction-rules.test.ts checks LIKES_SHOWN against the contract; the reaction
// set itself is every item's (ui/item/reactions.ts).

/** How many reactions a post carries in likes[] (the contract's LIKES_SHOWN). */
export const LIKES_SHOWN = 20;

/**
 * The spec's "Like on a post" on a list of likes: the same reaction from the same owner
 * removes it; a different reaction from that owner replaces it; otherwise the new reaction
 * goes to the front.
 */
export function applyLikeToList(likes: readonly TLike[], like: TLike): TLike[] {
  const index = likes.findIndex((existing) => existing.owner === like.owner);
  if (index === -1) return [like, ...likes];
  if (likes[index]?.name === like.name) return likes.filter((_, position) => position !== index);
  return likes.map((existing, position) => (position === index ? like : existing));
}

export type ReactionState = Pick<TPost, 'likes' | 'reactionCounts' | 'viewerReaction'>;

/**
 * The same rules on a whole post, as the optimistic update shows it: likes[], the counts per
 * kind and the viewer's own reaction move together. The viewer's earlier reaction is read
 * from viewerReaction, because it may be older than the LIKES_SHOWN reactions in likes[].
 */
export function applyReaction<TState extends ReactionState>(state: TState, like: TLike): TState {
  const previous =
    state.viewerReaction?.owner === like.owner
      ? state.viewerReaction
      : (state.likes.find((existing) => existing.owner === like.owner) ?? null);
  const counts = { ...state.reactionCounts };
  if (previous) counts[previous.name] = Math.max(0, counts[previous.name] - 1);
  const isRemoval = previous?.name === like.name;
  if (!isRemoval) counts[like.name] += 1;
  // With the earlier reaction outside likes[], the list alone cannot tell a removal.
  const likes = isRemoval
    ? state.likes.filter((existing) => existing.owner !== like.owner)
    : applyLikeToList(state.likes, like);
  return {
    ...state,
    likes: likes.slice(0, LIKES_SHOWN),
    reactionCounts: counts,
    viewerReaction: isRemoval ? null : like,
  };
}
