import { AUDIO_PAGE_SIZE, AUDIO_PREVIEW_SECONDS, PLAY_COUNTS_AFTER_SECONDS } from '@stagepass/contract/audio';
import { describe, expect, it } from 'vitest';
import * as player from './player-constants';

describe("the player's constants", () => {
  it("are the contract's", () => {
    expect(player.PREVIEW_SECONDS).toBe(AUDIO_PREVIEW_SECONDS);
    expect(player.PLAY_COUNTS_AFTER_SECONDS).toBe(PLAY_COUNTS_AFTER_SECONDS);
    expect(player.PLAYER_PAGE_SIZE).toBe(AUDIO_PAGE_SIZE);
  });
});
