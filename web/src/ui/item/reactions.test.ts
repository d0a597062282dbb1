import { REACTION_EMOJI, REACTION_KINDS } from '@stagepass/contract/posts';
import { describe, expect, it } from 'vitest';
import { countReactions, findReaction, REACTIONS } from './reactions';

describe('the reaction set', () => {
  it('is the contract’s set, with its emoji, in its order', () => {
    expect(REACTIONS.map(({ kind }) => kind)).toEqual([...REACTION_KINDS]);
    for (const { kind, emoji } of REACTIONS) expect(emoji).toBe(REACTION_EMOJI[kind]);
    expect(findReaction('wow').label).toBe('Wow');
  });

  it('counts every kind', () => {
    expect(countReactions({ love: 2, haha: 0, wow: 1, angry: 0, sad: 3 })).toBe(6);
  });
});
