import {
  SKIP_BACK_SECONDS as CONTRACT_BACK,
  SKIP_FORWARD_SECONDS as CONTRACT_FORWARD,
  PLAYBACK_RATES as CONTRACT_RATES,
  VIDEO_PREVIEW_SECONDS,
  ZVideoViewBody,
} from '@stagepass/contract/video';
import { describe, expect, it } from 'vitest';
import * as player from './player-constants';

describe("the video player's constants", () => {
  it("are the contract's", () => {
    expect(player.SKIP_BACK_SECONDS).toBe(CONTRACT_BACK);
    expect(player.SKIP_FORWARD_SECONDS).toBe(CONTRACT_FORWARD);
    expect(player.PLAYBACK_RATES).toEqual(CONTRACT_RATES);
    expect(player.PREVIEW_SECONDS).toBe(VIDEO_PREVIEW_SECONDS);
    expect(ZVideoViewBody.safeParse({ value: player.VIEW_REPORT_MAX_SECONDS, position: 0 }).success).toBe(
      true,
    );
    expect(ZVideoViewBody.safeParse({ value: player.VIEW_REPORT_MAX_SECONDS + 1, position: 0 }).success).toBe(
      false,
    );
  });
});
