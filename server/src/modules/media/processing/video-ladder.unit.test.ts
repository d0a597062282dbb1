import { describe, expect, it } from 'vitest';
import { bandwidthOf, planLadder } from './video-ladder.ts';

const rungsOf = (width: number, height: number) =>
  planLadder({ width, height, hasAudio: true, frameRate: 30 }).videoRungs.map((rung) => rung.name);

describe('the ladder a source gets', () => {
  it('has 720p only from a source whose short side reaches 720, and never upscales', () => {
    expect(rungsOf(1920, 1080)).toEqual(['240p', '360p', '720p']);
    expect(rungsOf(1280, 720)).toEqual(['240p', '360p', '720p']);
    expect(rungsOf(1280, 718)).toEqual(['240p', '360p']);
    expect(rungsOf(640, 360)).toEqual(['240p', '360p']);
    expect(rungsOf(480, 270)).toEqual(['240p']);
  });

  it('reads a phone video by its short side, whichever way it stands', () => {
    expect(rungsOf(1080, 1920)).toEqual(['240p', '360p', '720p']);
    expect(rungsOf(360, 640)).toEqual(['240p', '360p']);
  });

  it('gives a source smaller than the lowest rung one rung at its own (even) size', () => {
    expect(planLadder({ width: 320, height: 179, hasAudio: false, frameRate: 15 }).videoRungs).toEqual([
      { name: '178p', shortSide: 178, maxKbps: 250 },
    ]);
  });

  it('caps the frame rate at 30 and keeps 29.97 as it is', () => {
    expect(planLadder({ width: 1920, height: 1080, hasAudio: true, frameRate: 60 })).toMatchObject({
      frameRate: 30,
      isFrameRateCapped: true,
    });
    expect(planLadder({ width: 1920, height: 1080, hasAudio: true, frameRate: 30000 / 1001 })).toMatchObject({
      frameRate: 30000 / 1001,
      isFrameRateCapped: false,
    });
    expect(planLadder({ width: 640, height: 360, hasAudio: false, frameRate: null }).frameRate).toBe(30);
  });

  it('states a rung’s peak as ffmpeg’s master does: video and audio caps and a tenth more', () => {
    expect(bandwidthOf(250, 64)).toBe(345_400);
    expect(bandwidthOf(0, 64)).toBe(70_400);
    expect(bandwidthOf(1800, 0)).toBe(1_980_000);
  });
});
