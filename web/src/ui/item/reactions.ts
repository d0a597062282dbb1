import type { TReactionKind } from '@stagepass/contract/posts';

// Types only from the contract: post items and the player ship in chunks kept free of zod.
// reactions.test.ts checks this copy against the contract.

/** The reaction set every item takes, in the popper's order, with the emoji and the words each one shows. */
export const REACTIONS: readonly { kind: TReactionKind; emoji: string; label: string }[] = [
  { kind: 'love', emoji: '❤️', label: 'Love' },
  { kind: 'haha', emoji: '😂', label: 'Haha' },
  { kind: 'wow', emoji: '😮', label: 'Wow' },
  { kind: 'angry', emoji: '😡', label: 'Angry' },
  { kind: 'sad', emoji: '😢', label: 'Sad' },
];

export type ReactionCounts = Record<TReactionKind, number>;

const REACTION_BY_KIND = Object.fromEntries(REACTIONS.map((reaction) => [reaction.kind, reaction])) as Record<
  TReactionKind,
  (typeof REACTIONS)[number]
>;

export function findReaction(kind: TReactionKind) {
  return REACTION_BY_KIND[kind];
}

/** Every reaction of an item, whatever its kind. */
export function countReactions(counts: ReactionCounts): number {
  return REACTIONS.reduce((total, { kind }) => total + counts[kind], 0);
}
