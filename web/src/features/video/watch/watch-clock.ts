import { VIEW_REPORT_MAX_SECONDS } from './player-constants';

/**
 * The seconds a viewer watched, counted on the wall clock while the video plays (at 2× a
 * minute of video is half a minute watched), and handed out report by report: each report
 * says what was watched since the one before, at most what one report may carry.
 */
export type WatchClock = {
  /** Playback started (or went on after buffering) at `now` milliseconds. */
  start: (now: number) => void;
  /** Playback stopped (pause, end, buffering) at `now`. */
  stop: (now: number) => void;
  /** The seconds watched since the last take, up to `now`; the count starts again from nothing. */
  take: (now: number) => number;
};

export function createWatchClock(): WatchClock {
  let runningSince: number | null = null;
  let banked = 0;
  const settle = (now: number) => {
    if (runningSince !== null) {
      banked += Math.max(0, now - runningSince);
      runningSince = now;
    }
  };
  return {
    start: (now) => {
      if (runningSince === null) runningSince = now;
    },
    stop: (now) => {
      settle(now);
      runningSince = null;
    },
    take: (now) => {
      settle(now);
      const seconds = Math.min(VIEW_REPORT_MAX_SECONDS, banked / 1000);
      banked = 0;
      return Math.round(seconds * 10) / 10;
    },
  };
}
