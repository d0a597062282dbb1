import { describe, expect, it } from 'vitest';
import { applyAudioReaction, readPressedReaction } from './audio-reactions-rules';

const none = { love: 0, haha: 0, wow: 0, angry: 0, sad: 0 };

describe('reactions to a track', () => {
  it('are set by a press, moved by a press on another kind, and taken back by a second press', () => {
    let state = { reactionCounts: { ...none, love: 2 }, viewerReaction: null as null | 'love' | 'wow' };
    const first = readPressedReaction(state, 'love');
    expect(first).toBe('love');
    state = applyAudioReaction(state, first);
    expect(state).toEqual({ reactionCounts: { ...none, love: 3 }, viewerReaction: 'love' });

    state = applyAudioReaction(state, readPressedReaction(state, 'wow'));
    expect(state).toEqual({ reactionCounts: { ...none, love: 2, wow: 1 }, viewerReaction: 'wow' });

    const again = readPressedReaction(state, 'wow');
    expect(again).toBeNull();
    state = applyAudioReaction(state, again);
    expect(state).toEqual({ reactionCounts: { ...none, love: 2 }, viewerReaction: null });
  });

  it('never count below zero', () => {
    const state = applyAudioReaction({ reactionCounts: none, viewerReaction: 'sad' as const }, null);
    expect(state.reactionCounts.sad).toBe(0);
  });
});
