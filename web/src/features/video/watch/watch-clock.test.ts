import { describe, expect, it } from 'vitest';
import { createWatchClock } from './watch-clock';

describe('the watch clock', () => {
  it('counts only the time the video played, and each second once', () => {
    const clock = createWatchClock();
    clock.start(1_000);
    clock.stop(6_000);
    // Paused for a minute: nothing counts.
    clock.start(66_000);
    expect(clock.take(70_000)).toBe(9);
    expect(clock.take(70_000)).toBe(0);
    expect(clock.take(85_000)).toBe(15);
  });

  it('ignores a second start while running and a stop while stopped', () => {
    const clock = createWatchClock();
    clock.start(0);
    clock.start(5_000);
    clock.stop(10_000);
    clock.stop(20_000);
    expect(clock.take(30_000)).toBe(10);
  });

  it('never hands out more than one report may carry', () => {
    const clock = createWatchClock();
    clock.start(0);
    expect(clock.take(3_600_000)).toBe(600);
  });
});
