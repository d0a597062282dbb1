import type { TAudio } from '@stagepass/contract/audio';
import type { TReactionKind } from '@stagepass/contract/posts';

// The reaction set is every item's (ui/item/reactions.ts); these are a track's rules for it.

export type AudioReactionState = Pick<TAudio, 'reactionCounts' | 'viewerReaction'>;

/**
 * The reaction a press sets: the pressed kind, or none when it is the listener's reaction
 * already (the API sets a reaction rather than toggling it, so the toggle is decided here).
 */
export function readPressedReaction(state: AudioReactionState, kind: TReactionKind): TReactionKind | null {
  return state.viewerReaction === kind ? null : kind;
}

/** The counts and the listener's own reaction once it is `next` (null: taken back). */
export function applyAudioReaction<TState extends AudioReactionState>(
  state: TState,
  next: TReactionKind | null,
): TState {
  const counts = { ...state.reactionCounts };
  if (state.viewerReaction) counts[state.viewerReaction] = Math.max(0, counts[state.viewerReaction] - 1);
  if (next) counts[next] += 1;
  return { ...state, reactionCounts: counts, viewerReaction: next };
}
