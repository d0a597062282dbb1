import type Hls from 'hls.js';

/** How a stream is played: the browser's own HLS, or hls.js over Media Source Extensions. */
export type StreamEngine = 'native' | 'hls.js';

export type AttachOptions = {
  /** Start on the lowest rung (Save-Data, a slow connection, the data saver) and stay there until a choice. */
  startAtLowest?: boolean;
  /** Hold playback at the rung of this height from the start (the viewer's choice); null or absent: adapt. */
  height?: number | null;
  /** Where to start, in seconds (resume). */
  startAt?: number;
  /** Playback cannot go on (a fatal error hls.js could not recover from). */
  onFatalError?: (message: string) => void;
};

export type AttachedStream = {
  engine: StreamEngine;
  /** Stops loading and lets the element go (the next attach, or leaving the page). */
  detach: () => void;
  /**
   * Holds playback at the rung of this height, or lets it adapt again (null). False where the
   * browser decides the quality itself (native HLS): the caller attaches again with
   * `height`, which takes hls.js.
   */
  setHeight: (height: number | null) => boolean;
};

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** Whether the browser plays HLS itself (Safari, iOS, recent Chromium). */
export function hasNativeHls(video: HTMLVideoElement): boolean {
  return video.canPlayType(HLS_TYPE) !== '';
}

/** Whether hls.js can run here (Media Source Extensions, or Safari's ManagedMediaSource). */
export function hasMediaSource(): boolean {
  return typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);
}

/**
 * Which engine plays a stream. The browser's own HLS when it has it: hls.js (about 100 KB)
 * then never loads. Native players choose the quality themselves, though, and the viewer's
 * data comes first (DESIGN.md "Media delivery"): where a rung must be held (the lowest, on a
 * metered or slow connection; one the viewer picked), hls.js takes over when the browser
 * can run it. A browser with neither plays natively and the choice is its own.
 */
export function chooseEngine(options: {
  hasNativeHls: boolean;
  hasMediaSource: boolean;
  mustHoldRung: boolean;
}): StreamEngine {
  if (!options.hasMediaSource) return 'native';
  if (!options.hasNativeHls) return 'hls.js';
  return options.mustHoldRung ? 'hls.js' : 'native';
}

/**
 * Plays an HLS address (a master playlist, or one rendition's playlist such as the
 * sound-only one) in a <video>: natively, or through hls.js's light build imported on
 * demand, so no page but the watch page ever loads it. Answers what stops it again.
 */
export async function attachStream(
  video: HTMLVideoElement,
  url: string,
  options: Pick<AttachOptions, 'startAtLowest' | 'onFatalError'> = {},
): Promise<() => void> {
  return (await attachControlledStream(video, url, options)).detach;
}

/** attachStream with the rung control the quality picker needs. */
export async function attachControlledStream(
  video: HTMLVideoElement,
  url: string,
  options: AttachOptions = {},
): Promise<AttachedStream> {
  const engine = chooseEngine({
    hasNativeHls: hasNativeHls(video),
    hasMediaSource: hasMediaSource(),
    mustHoldRung: Boolean(options.startAtLowest) || options.height != null,
  });
  return engine === 'native' ? attachNatively(video, url, options) : attachWithHlsJs(video, url, options);
}

function attachNatively(video: HTMLVideoElement, url: string, options: AttachOptions): AttachedStream {
  const startAt = options.startAt ?? 0;
  const seekToStart = () => {
    if (startAt > 0 && video.currentTime < startAt) video.currentTime = startAt;
  };
  video.addEventListener('loadedmetadata', seekToStart, { once: true });
  video.src = url;
  return {
    engine: 'native',
    detach: () => {
      video.removeEventListener('loadedmetadata', seekToStart);
      video.removeAttribute('src');
      video.load();
    },
    setHeight: () => false,
  };
}

type HlsModule = { default: typeof Hls };

async function attachWithHlsJs(
  video: HTMLVideoElement,
  url: string,
  options: AttachOptions,
): Promise<AttachedStream> {
  // The light build: no subtitles, no DRM, no alternate audio switching; none of which we use.
  const { default: HlsClass } = (await import('hls.js/light')) as unknown as HlsModule;
  const holdsLowest = Boolean(options.startAtLowest) && options.height == null;
  const hls = new HlsClass({
    // Our Content-Security-Policy allows no blob: workers; the main thread is fast enough here.
    enableWorker: false,
    startLevel: holdsLowest ? 0 : -1,
    startPosition: options.startAt && options.startAt > 0 ? options.startAt : -1,
    // The viewer's data decides the quality, not the size of the player on the screen.
    capLevelToPlayerSize: false,
  });
  const levelIndexOf = (height: number) => hls.levels.findIndex((level) => level.height === height);
  let heldHeight = options.height ?? null;
  // Saving data: adapt no higher than the lowest rung until the viewer chooses a quality.
  let isCappedAtLowest = holdsLowest;
  hls.on(HlsClass.Events.MANIFEST_PARSED, () => {
    hls.autoLevelCapping = isCappedAtLowest ? 0 : -1;
    const index = heldHeight === null ? -1 : levelIndexOf(heldHeight);
    if (index >= 0) {
      hls.startLevel = index;
      hls.loadLevel = index;
    }
  });
  let recoveries = 0;
  hls.on(HlsClass.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    // hls.js's own advice: retry the network once more, rebuild the media buffer once more.
    if (recoveries < 3 && data.type === HlsClass.ErrorTypes.NETWORK_ERROR) {
      recoveries += 1;
      hls.startLoad();
      return;
    }
    if (recoveries < 3 && data.type === HlsClass.ErrorTypes.MEDIA_ERROR) {
      recoveries += 1;
      hls.recoverMediaError();
      return;
    }
    options.onFatalError?.(data.details);
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return {
    engine: 'hls.js',
    detach: () => hls.destroy(),
    setHeight: (height) => {
      heldHeight = height;
      isCappedAtLowest = false;
      hls.autoLevelCapping = -1;
      const index = height === null ? -1 : levelIndexOf(height);
      // A rung shows at once (what is buffered is dropped); back to adapting from the next segment.
      if (index >= 0) hls.currentLevel = index;
      else hls.loadLevel = -1;
      return true;
    },
  };
}
