/**
 * Plays an HLS playlist (a video's master, or its audio-only rendition) in a <video>.
 * Safari and iOS play HLS themselves; elsewhere hls.js (its light build: no subtitles,
 * no DRM, about 100 KB) feeds the element through Media Source Extensions. hls.js is
 * imported here, when a viewer presses play, never with the page: the first visit's
 * JavaScript stays small.
 */
export type AttachStreamOptions = {
  /**
   * Start on the lowest rung (Save-Data, a slow or metered connection, the data-saver
   * switch) instead of guessing from the measured bandwidth. hls.js only: Safari's own
   * player chooses by itself.
   */
  startAtLowest?: boolean;
  /** A failure playback cannot recover from (the address expired, the network is gone). */
  onFatalError?: () => void;
};

/** Stops loading and lets go of the element; call it when the player goes away. */
export type DetachStream = () => void;

const HLS_MIME_TYPE = 'application/vnd.apple.mpegurl';

export async function attachStream(
  video: HTMLVideoElement,
  playlistUrl: string,
  options: AttachStreamOptions = {},
): Promise<DetachStream> {
  if (video.canPlayType(HLS_MIME_TYPE)) return attachNatively(video, playlistUrl, options);
  const { default: Hls } = await import('hls.js/light');
  // No Media Source Extensions (an old browser): let the element try, and fail visibly.
  if (!Hls.isSupported()) return attachNatively(video, playlistUrl, options);
  const hls = new Hls({
    startLevel: options.startAtLowest ? 0 : -1,
    // A rung no larger than the player shows: a feed's small player never fetches 720p.
    capLevelToPlayerSize: true,
    // A slow mobile link takes its time to deliver a segment: wait rather than give up.
    fragLoadPolicy: {
      default: {
        maxTimeToFirstByteMs: 20_000,
        maxLoadTimeMs: 120_000,
        timeoutRetry: { maxNumRetry: 4, retryDelayMs: 0, maxRetryDelayMs: 0 },
        errorRetry: { maxNumRetry: 6, retryDelayMs: 1000, maxRetryDelayMs: 8000 },
      },
    },
  });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) options.onFatalError?.();
  });
  hls.loadSource(playlistUrl);
  hls.attachMedia(video);
  return () => hls.destroy();
}

function attachNatively(
  video: HTMLVideoElement,
  playlistUrl: string,
  options: AttachStreamOptions,
): DetachStream {
  const onError = () => options.onFatalError?.();
  video.addEventListener('error', onError);
  video.src = playlistUrl;
  return () => {
    video.removeEventListener('error', onError);
    video.removeAttribute('src');
    video.load();
  };
}

/**
 * Whether to start at the lowest rung: the browser says the viewer saves data, or the
 * connection is slow (Network Information API, where there is one).
 */
export function prefersLowestRung(): boolean {
  const connection = (
    navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string } }
  ).connection;
  if (!connection) return false;
  return connection.saveData === true || ['slow-2g', '2g', '3g'].includes(connection.effectiveType ?? '');
}
