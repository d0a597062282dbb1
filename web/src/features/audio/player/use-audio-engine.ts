import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { type LoadedSource, readLoadedSource, writeLoadedSource } from '../playback/playback-session';
import { isPastPreviewLimit, type PlaybackSource, readSourceKey } from './playback-source';
import { usePlayCounter } from './use-play-counter';

export type EngineState = {
  isPlaying: boolean;
  /** The element's position, in seconds. */
  position: number;
  /** The length of the file loaded (the preview's 30 s for a preview), once known. */
  fileDuration: number | null;
  /** Playback stopped at the preview's end; the unlock options take over. */
  isPreviewOver: boolean;
  /** Waiting for data (buffering). */
  isWaiting: boolean;
  /** The file could not be played, even with a freshly signed address. */
  hasFailed: boolean;
};

type EngineOptions = {
  audioId: string;
  /** The track's file; null when it has none to play (processing, failed); undefined while the track loads. */
  source: PlaybackSource | null | undefined;
  /** The end of a full file: the page moves on and answers the next track's file, or null at the end. */
  onTrackEnded: () => { audioId: string; source: PlaybackSource | null } | null;
  /** Once per track and page visit: the listener heard enough for a play. */
  onPlayHeard: (audioId: string, secondsListened: number) => void;
  /** The file failed to load: the page reads the track again for fresh addresses. */
  onSourceFailed: () => void;
};

const initialState: EngineState = {
  isPlaying: false,
  position: 0,
  fileDuration: null,
  isPreviewOver: false,
  isWaiting: false,
  hasFailed: false,
};

/**
 * Drives the app's one <audio> element (playback-session.ts), which stays across tracks and
 * routes so playback goes on with the screen off and the next track starts from the `ended` handler itself (phones
 * let an element that is already playing go on; a new element would need a tap). It loads
 * the file `source` names, keeps the position when only the file changes (an unlock swaps
 * the preview for the full file where the listener is), stops a preview at 30 s, and
 * counts listening time for the play count. Nothing here pauses on visibilitychange.
 */
export function useAudioEngine(audioRef: RefObject<HTMLAudioElement | null>, options: EngineOptions) {
  const { audioId, source } = options;
  const [state, setState] = useState<EngineState>(initialState);
  const update = useCallback((patch: Partial<EngineState>) => setState((old) => ({ ...old, ...patch })), []);

  // The latest options, for the element's listeners (added once).
  const optionsRef = useRef(options);
  optionsRef.current = options;
  // Whether the listener wants sound: a new file starts playing when they do.
  const wantsPlayRef = useRef(false);
  const playCounter = usePlayCounter((heardId, seconds) => optionsRef.current.onPlayHeard(heardId, seconds));
  const failedUrlRef = useRef<string | null>(null);
  // The preview stopped at its end: an unlock that arrives now plays on from there.
  const resumeAfterUnlockRef = useRef(false);
  const previewTimerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const startPlayback = useCallback(
    (audio: HTMLAudioElement) => {
      wantsPlayRef.current = true;
      audio.play().catch((error: unknown) => {
        // AbortError: another file was loaded meanwhile, which plays in its turn.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        // NotAllowedError (no tap yet) or a file that cannot play: Play stays on offer.
        wantsPlayRef.current = false;
        update({ isPlaying: false });
      });
    },
    [update],
  );

  const stopAtPreviewLimit = useCallback(() => {
    const audio = audioRef.current;
    const limit = optionsRef.current.source?.limitSeconds;
    if (!audio || limit == null || !isPastPreviewLimit(optionsRef.current.source, audio.currentTime)) return;
    clearTimeout(previewTimerRef.current);
    // The stretch since the last timeupdate was heard too.
    playCounter.notePlaying(audio);
    wantsPlayRef.current = false;
    resumeAfterUnlockRef.current = true;
    audio.pause();
    if (audio.currentTime > limit) audio.currentTime = limit;
    update({ isPlaying: false, isPreviewOver: true, position: Math.min(audio.currentTime, limit) });
    playCounter.reportIfDue({ hasEnded: true, playableSeconds: Math.min(limit, audio.duration || limit) });
  }, [audioRef, playCounter, update]);

  // Timeupdate comes every quarter second at best (and covers 2 s of a preview played 8
  // times as fast): a timer stops the preview on the instant.
  const schedulePreviewStop = useCallback(() => {
    clearTimeout(previewTimerRef.current);
    const audio = audioRef.current;
    const limit = optionsRef.current.source?.limitSeconds;
    if (!audio || limit == null || audio.paused) return;
    const remainingMs = ((limit - audio.currentTime) / (audio.playbackRate || 1)) * 1000;
    previewTimerRef.current = setTimeout(stopAtPreviewLimit, Math.max(0, remainingMs));
  }, [audioRef, stopAtPreviewLimit]);

  // The element's events, listened to once for the page's life.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const onTimeUpdate = () => {
      if (!audio.paused && !audio.seeking) playCounter.notePlaying(audio);
      update({ position: audio.currentTime });
      if (isPastPreviewLimit(optionsRef.current.source, audio.currentTime)) stopAtPreviewLimit();
      else schedulePreviewStop();
      playCounter.reportIfDue({ hasEnded: false, playableSeconds: audio.duration });
    };
    const onPlaying = () => {
      playCounter.noteStart(audio);
      update({ isPlaying: true, isWaiting: false, hasFailed: false, isPreviewOver: false });
      schedulePreviewStop();
    };
    const onPlay = () => update({ isPlaying: true });
    const onPause = () => {
      // What played since the last timeupdate was heard (the end of a track pauses it too).
      playCounter.noteStop(audio);
      clearTimeout(previewTimerRef.current);
      update({ isPlaying: false, isWaiting: false });
    };
    const onSeeking = () => playCounter.noteSeek();
    const onSeeked = () => {
      if (!audio.paused) playCounter.noteStart(audio);
      update({ position: audio.currentTime });
      schedulePreviewStop();
    };
    const onDuration = () =>
      update({ fileDuration: Number.isFinite(audio.duration) ? audio.duration : null });
    const onWaiting = () => update({ isWaiting: true });
    const onEnded = () => {
      const isPreview = readLoadedSource()?.kind === 'preview';
      playCounter.reportIfDue({ hasEnded: true, playableSeconds: audio.duration });
      if (isPreview) {
        wantsPlayRef.current = false;
        resumeAfterUnlockRef.current = true;
        update({ isPlaying: false, isPreviewOver: true });
        return;
      }
      // The next track is loaded here, inside the element's own event, so a phone with its
      // screen off lets it play on.
      const next = optionsRef.current.onTrackEnded();
      if (next) {
        wantsPlayRef.current = true;
        loadSourceRef.current(next.audioId, next.source);
      } else {
        wantsPlayRef.current = false;
      }
    };
    const onError = () => {
      const loaded = readLoadedSource();
      if (!audio.error || !loaded) return;
      // Once per address: a fresh signature may cure an expired one; a second failure is shown.
      if (failedUrlRef.current === loaded.url) {
        update({ hasFailed: true, isPlaying: false, isWaiting: false });
        return;
      }
      failedUrlRef.current = loaded.url;
      optionsRef.current.onSourceFailed();
    };
    const listeners: [string, () => void][] = [
      ['timeupdate', onTimeUpdate],
      ['playing', onPlaying],
      ['play', onPlay],
      ['pause', onPause],
      ['seeking', onSeeking],
      ['seeked', onSeeked],
      ['durationchange', onDuration],
      ['loadedmetadata', onDuration],
      ['waiting', onWaiting],
      ['ended', onEnded],
      ['error', onError],
      ['ratechange', schedulePreviewStop],
    ];
    for (const [name, listener] of listeners) audio.addEventListener(name, listener);
    // A Play tap may have started the element before this code loaded: take it as it is.
    adoptElementRef.current();
    return () => {
      for (const [name, listener] of listeners) audio.removeEventListener(name, listener);
      clearTimeout(previewTimerRef.current);
    };
  }, [audioRef, update, stopAtPreviewLimit, schedulePreviewStop, playCounter]);

  /**
   * Takes the element as a Play tap left it (play-now.ts loads the tapped track's file and
   * starts it inside the tap): a new track for the play count, its position, playing or not.
   */
  const adoptElement = useCallback(() => {
    const audio = audioRef.current;
    const adopted = readLoadedSource();
    if (!audio || !adopted) return;
    playCounter.startTrack(adopted.audioId);
    resumeAfterUnlockRef.current = false;
    failedUrlRef.current = null;
    wantsPlayRef.current = !audio.paused;
    if (!audio.paused) playCounter.noteStart(audio);
    setState({
      ...initialState,
      isPlaying: !audio.paused,
      position: audio.currentTime,
      fileDuration: Number.isFinite(audio.duration) ? audio.duration : null,
    });
    schedulePreviewStop();
  }, [audioRef, playCounter, schedulePreviewStop]);
  const adoptElementRef = useRef(adoptElement);
  adoptElementRef.current = adoptElement;

  /**
   * Loads the file a source names, unless it is the file loaded already (signed anew). A new
   * track starts from its beginning; the same track in another file (unlocked, data saver
   * switched) goes on where it was.
   */
  const loadSource = useCallback(
    (nextAudioId: string, next: PlaybackSource | null | undefined) => {
      const audio = audioRef.current;
      if (!audio) return;
      const loaded = readLoadedSource();
      const isSameTrack = loaded?.audioId === nextAudioId;
      // The track is still on its way: a file already playing for it (a Play tap's) plays on.
      if (next === undefined && isSameTrack) return;
      if (!isSameTrack) {
        resumeAfterUnlockRef.current = false;
        playCounter.startTrack(nextAudioId);
        setState({ ...initialState, isPlaying: !audio.paused });
      }
      if (!next) {
        if (loaded) {
          audio.pause();
          audio.removeAttribute('src');
          audio.load();
          writeLoadedSource(null);
        }
        return;
      }
      const key = readSourceKey(nextAudioId, next);
      // The same file: keep playing it, unless it failed and this is a fresh address for it.
      if (loaded?.key === key && (!audio.error || loaded.url === next.url)) {
        // Read again after a failure, with the same address: nothing new to try.
        if (audio.error && failedUrlRef.current === next.url) update({ hasFailed: true, isWaiting: false });
        // loaded.url stays the element's own address: when a range on it is refused (it
        // expired: addresses live 10 to 15 minutes), a fresh one differs and is loaded.
        return;
      }
      const resumeAt = isSameTrack
        ? Math.min(audio.currentTime, next.limitSeconds ?? Number.POSITIVE_INFINITY)
        : 0;
      // Unlocked where the preview stopped: the listener paid to hear on, so it plays on.
      const shouldPlay = wantsPlayRef.current || (resumeAfterUnlockRef.current && next.kind !== 'preview');
      resumeAfterUnlockRef.current = false;
      const loading: LoadedSource = { key, audioId: nextAudioId, url: next.url, kind: next.kind };
      writeLoadedSource(loading);
      audio.src = next.url;
      if (resumeAt > 0) {
        const resume = () => {
          if (readLoadedSource() === loading) audio.currentTime = resumeAt;
        };
        audio.addEventListener('loadedmetadata', resume, { once: true });
      }
      update({ isPreviewOver: false, hasFailed: false, position: resumeAt });
      if (shouldPlay) startPlayback(audio);
    },
    [audioRef, startPlayback, update],
  );
  const loadSourceRef = useRef(loadSource);
  loadSourceRef.current = loadSource;

  // The page's track and file, whenever either changes (the automatic advance has loaded it already).
  const sourceKey = source === undefined ? `${audioId}:loading` : readSourceKey(audioId, source);
  const sourceUrl = source?.url ?? null;
  useEffect(() => {
    loadSourceRef.current(audioId, optionsRef.current.source);
  }, [audioId, sourceKey, sourceUrl]);

  const play = useCallback(() => {
    const audio = audioRef.current;
    if (!audio?.src) {
      // Nothing loaded yet: the file plays as soon as it is.
      wantsPlayRef.current = true;
      return;
    }
    resumeAfterUnlockRef.current = false;
    if (audio.error) {
      // Play after a failure tries the file again, from where it was.
      const at = audio.currentTime;
      failedUrlRef.current = null;
      update({ hasFailed: false });
      audio.load();
      if (at > 0) audio.addEventListener('loadedmetadata', () => (audio.currentTime = at), { once: true });
    }
    // Played again after the preview stopped: from its start (there is nothing after it).
    if (isPastPreviewLimit(optionsRef.current.source, audio.currentTime) || audio.ended)
      audio.currentTime = 0;
    startPlayback(audio);
  }, [audioRef, startPlayback, update]);

  const pause = useCallback(() => {
    wantsPlayRef.current = false;
    resumeAfterUnlockRef.current = false;
    audioRef.current?.pause();
  }, [audioRef]);

  /** Seeking, where the source allows it (never on a preview). */
  const seekTo = useCallback(
    (seconds: number) => {
      const audio = audioRef.current;
      if (!audio || !optionsRef.current.source?.canSeek || !Number.isFinite(seconds)) return;
      const end = Number.isFinite(audio.duration) ? audio.duration : seconds;
      audio.currentTime = Math.max(0, Math.min(end, seconds));
      update({ position: audio.currentTime });
    },
    [audioRef, update],
  );

  /** The next file to load should play (Next, Previous, a track chosen in the list, the automatic advance). */
  const playNextLoaded = useCallback(() => {
    wantsPlayRef.current = true;
  }, []);

  return { state, play, pause, seekTo, playNextLoaded, adoptElement };
}
