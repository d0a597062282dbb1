import { type RefObject, useEffect } from 'react';
import { reportVideoView, reportVideoViewOnLeaving } from '../api/report-video-view';
import { VIEW_REPORT_SECONDS } from './player-constants';
import { createWatchClock } from './watch-clock';

/**
 * Tells the server what the viewer watched (PUT video_reactions/:id/video_views): the
 * seconds since the last report and where the player is, every 15 seconds while playing,
 * and at once on pause, at the end, when the page goes away and when another video takes
 * this one's place. The server counts a view from it, and resumes a signed-in viewer there.
 */
export function useViewReporter(videoRef: RefObject<HTMLVideoElement | null>, videoId: string) {
  useEffect(() => {
    const element = videoRef.current;
    if (!element) return;
    const clock = createWatchClock();
    let lastPosition = -1;
    const readReport = () => {
      const value = clock.take(performance.now());
      const position = Math.max(0, Math.round(element.currentTime * 10) / 10);
      // Nothing watched and nowhere else: nothing to say.
      if (value === 0 && position === lastPosition) return null;
      lastPosition = position;
      return { value, position };
    };
    const report = () => {
      const body = readReport();
      if (body) void reportVideoView(videoId, body).catch(() => {});
    };
    const onPlaying = () => clock.start(performance.now());
    const onStopped = () => {
      clock.stop(performance.now());
      // A pause before anything played (the first load) is not a report.
      if (element.currentTime > 0) report();
    };
    const onWaiting = () => clock.stop(performance.now());
    const onLeaving = () => {
      clock.stop(performance.now());
      const body = readReport();
      if (body && element.currentTime > 0) reportVideoViewOnLeaving(videoId, body);
    };
    element.addEventListener('playing', onPlaying);
    element.addEventListener('pause', onStopped);
    element.addEventListener('ended', onStopped);
    element.addEventListener('waiting', onWaiting);
    window.addEventListener('pagehide', onLeaving);
    const timer = window.setInterval(() => {
      if (!element.paused) report();
    }, VIEW_REPORT_SECONDS * 1000);
    return () => {
      window.clearInterval(timer);
      element.removeEventListener('playing', onPlaying);
      element.removeEventListener('pause', onStopped);
      element.removeEventListener('ended', onStopped);
      element.removeEventListener('waiting', onWaiting);
      window.removeEventListener('pagehide', onLeaving);
      // Another video takes this one's place (the next episode), or the viewer left for another page.
      onLeaving();
    };
  }, [videoRef, videoId]);
}
