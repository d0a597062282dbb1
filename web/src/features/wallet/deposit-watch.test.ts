import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEPOSIT_WATCH_DELAYS, readNextCheckDelay, watchDeposit } from './deposit-watch';

describe('the rhythm of the status checks', () => {
  it('has the spec’s 10 seconds, an early check at 3 s and the notice at a minute by default', () => {
    expect(DEPOSIT_WATCH_DELAYS).toEqual({ firstCheckMs: 3000, pollMs: 10_000, slowNoticeMs: 60_000 });
  });

  it('checks early once, then on every tenth second from ACCEPTED', () => {
    const delays = { firstCheckMs: 3000, pollMs: 10_000 };
    expect(readNextCheckDelay(0, delays)).toBe(3000);
    expect(readNextCheckDelay(3040, delays)).toBe(6960);
    expect(readNextCheckDelay(10_020, delays)).toBe(9980);
    // A check that took long does not push the rhythm back.
    expect(readNextCheckDelay(18_000, delays)).toBe(2000);
  });
});

describe('watching a deposit', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A watch whose checks answer at once with the given statuses, in turn. */
  function startWatch(statuses: string[], delays = DEPOSIT_WATCH_DELAYS) {
    const checkedAt: number[] = [];
    const readings: string[] = [];
    let slowAt: number | null = null;
    const startedAt = Date.now();
    const stop = watchDeposit({
      check: async () => {
        checkedAt.push(Date.now() - startedAt);
        return statuses.shift() ?? 'SUBMITTED';
      },
      onChecked: (status) => readings.push(status),
      onSlow: () => {
        slowAt = Date.now() - startedAt;
      },
      delays,
    });
    return { checkedAt, readings, stop, slowAt: () => slowAt };
  }

  it('asks 3 seconds after ACCEPTED, then at 10, 20, 30 seconds', async () => {
    const watch = startWatch([]);
    await vi.advanceTimersByTimeAsync(2999);
    expect(watch.checkedAt).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(watch.checkedAt).toEqual([3000]);
    await vi.advanceTimersByTimeAsync(27_000);
    expect(watch.checkedAt).toEqual([3000, 10_000, 20_000, 30_000]);
    expect(watch.readings).toEqual(['SUBMITTED', 'SUBMITTED', 'SUBMITTED', 'SUBMITTED']);
    watch.stop();
  });

  it('shows a quick payment after the early check, not ten seconds on', async () => {
    const watch = startWatch(['COMPLETED']);
    await vi.advanceTimersByTimeAsync(3000);
    expect(watch.readings).toEqual(['COMPLETED']);
    watch.stop();
  });

  it('says a minute on that it is taking long, once, and goes on checking', async () => {
    const watch = startWatch([]);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(watch.slowAt()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(watch.slowAt()).toBe(60_000);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(watch.slowAt()).toBe(60_000);
    expect(watch.checkedAt.at(-1)).toBe(180_000);
    watch.stop();
  });

  it('stops checking, and says nothing more, once stopped', async () => {
    const watch = startWatch([]);
    await vi.advanceTimersByTimeAsync(3000);
    watch.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(watch.checkedAt).toEqual([3000]);
    expect(watch.slowAt()).toBeNull();
  });

  it('tries again at the next turn when a check fails, one request at a time', async () => {
    let calls = 0;
    let isAnswering = false;
    let hasOverlapped = false;
    const readings: string[] = [];
    const stop = watchDeposit({
      check: async () => {
        calls += 1;
        hasOverlapped ||= isAnswering;
        isAnswering = true;
        await new Promise((resolve) => setTimeout(resolve, 500));
        isAnswering = false;
        if (calls === 1) throw new Error('offline');
        return 'COMPLETED';
      },
      onChecked: (status) => readings.push(status),
      onSlow: () => {},
    });
    await vi.advanceTimersByTimeAsync(3500);
    expect(calls).toBe(1);
    expect(readings).toEqual([]);
    await vi.advanceTimersByTimeAsync(7000);
    expect(readings).toEqual(['COMPLETED']);
    expect(hasOverlapped).toBe(false);
    stop();
  });

  it('takes other delays as parameters', async () => {
    const watch = startWatch([], { firstCheckMs: 100, pollMs: 1000, slowNoticeMs: 2500 });
    await vi.advanceTimersByTimeAsync(3000);
    expect(watch.checkedAt).toEqual([100, 1000, 2000, 3000]);
    expect(watch.slowAt()).toBe(2500);
    watch.stop();
  });
});
