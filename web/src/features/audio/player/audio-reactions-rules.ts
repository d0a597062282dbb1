import type { TAudio } from '@stagepass/contract/audio';
import type { TReactionKind } from '@stagepass/contract/posts';

// The reaction set with its emoji, copied here (types only from the contract, so no zod in
// the player's chunk); audio-reactions-rules.test.ts checks it against the contract.
export const AUDIO_REACTIONS: readonly { kind: TReactionKind; emoji: string; label: string }[] = [
  { kind: 'love', emoji: '❤️', label: 'Love' },
  { kind: 'haha', emoji: '😂', label: 'Haha' },
  { kind: 'wow', emoji: '😮', label: 'Wow' },
  { kind: 'angry', emoji: '😡', label: 'Angry' },
  { kind: 'sad', emoji: '😢', label: 'Sad' },
];

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
