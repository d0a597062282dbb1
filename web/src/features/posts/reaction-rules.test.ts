import { LIKES_SHOWN as CONTRACT_LIKES_SHOWN, REACTION_EMOJI, type TLike } from '@stagepass/contract/posts';
import { describe, expect, it } from 'vitest';
import { countReactions } from '../../ui/item/reactions';
import { applyLikeToList, applyReaction, LIKES_SHOWN, type ReactionState } from './reaction-rules';

const like = (owner: string, name: TLike['name']): TLike => ({
  owner,
  name,
  emoji: REACTION_EMOJI[name],
  postId: 'post-0000000000001',
});
const noCounts = { love: 0, haha: 0, wow: 0, angry: 0, sad: 0 };

describe('the likes a post carries', () => {
  it('are as many as the contract says', () => {
    expect(LIKES_SHOWN).toBe(CONTRACT_LIKES_SHOWN);
  });
});

describe('applyLikeToList (the spec’s optimistic like rules)', () => {
  const likes = [like('ana', 'love'), like('ben', 'wow')];

  it('removes the same reaction from the same owner', () => {
    expect(applyLikeToList(likes, like('ben', 'wow'))).toEqual([like('ana', 'love')]);
  });

  it('replaces a different reaction from the same owner where it stands', () => {
    expect(applyLikeToList(likes, like('ben', 'sad'))).toEqual([like('ana', 'love'), like('ben', 'sad')]);
  });

  it('puts a new owner’s reaction at the front', () => {
    expect(applyLikeToList(likes, like('cat', 'haha'))).toEqual([like('cat', 'haha'), ...likes]);
  });
});

describe('applyReaction (likes, counts and the viewer’s reaction together)', () => {
  const state: ReactionState = {
    likes: [like('ana', 'love')],
    reactionCounts: { ...noCounts, love: 1 },
    viewerReaction: null,
  };

  it('adds a first reaction and counts it', () => {
    const next = applyReaction(state, like('me', 'wow'));
    expect(next.likes).toEqual([like('me', 'wow'), like('ana', 'love')]);
    expect(next.reactionCounts).toEqual({ ...noCounts, love: 1, wow: 1 });
    expect(next.viewerReaction).toEqual(like('me', 'wow'));
  });

  it('moves the count from the old kind to the new one when the reaction changes', () => {
    const next = applyReaction(applyReaction(state, like('me', 'wow')), like('me', 'sad'));
    expect(next.reactionCounts).toEqual({ ...noCounts, love: 1, sad: 1 });
    expect(next.likes[0]).toEqual(like('me', 'sad'));
  });

  it('takes the reaction back when the same one comes again', () => {
    const next = applyReaction(applyReaction(state, like('me', 'wow')), like('me', 'wow'));
    expect(next).toEqual(state);
  });

  it('knows the viewer’s reaction even when it is older than the likes shown', () => {
    const older: ReactionState = {
      likes: [like('ana', 'love')],
      reactionCounts: { ...noCounts, love: 1, haha: 1 },
      viewerReaction: like('me', 'haha'),
    };
    expect(applyReaction(older, like('me', 'haha'))).toEqual({
      likes: [like('ana', 'love')],
      reactionCounts: { ...noCounts, love: 1 },
      viewerReaction: null,
    });
    const changed = applyReaction(older, like('me', 'love'));
    expect(changed.reactionCounts).toEqual({ ...noCounts, love: 2 });
    expect(changed.likes).toEqual([like('me', 'love'), like('ana', 'love')]);
  });

  it('keeps at most LIKES_SHOWN likes', () => {
    const full: ReactionState = {
      likes: Array.from({ length: LIKES_SHOWN }, (_, index) => like(`fan${index}`, 'love')),
      reactionCounts: { ...noCounts, love: LIKES_SHOWN },
      viewerReaction: null,
    };
    const next = applyReaction(full, like('me', 'wow'));
    expect(next.likes).toHaveLength(LIKES_SHOWN);
    expect(next.likes[0]).toEqual(like('me', 'wow'));
    expect(countReactions(next.reactionCounts)).toBe(LIKES_SHOWN + 1);
  });
});
