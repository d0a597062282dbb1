import { useRef, useState } from 'react';
import {
  breakListening,
  initialListening,
  type Listening,
  notePosition,
  readMaxStep,
  readReportedSeconds,
  shouldReportPlay,
} from './play-count';

type PlayCounter = {
  /** A new track: its listening starts at nothing (a track reported earlier in the visit stays reported). */
  startTrack(audioId: string): void;
  /** Playing, at the element's position now. */
  notePlaying(audio: HTMLMediaElement): void;
  /** Playback (re)started here: the next report is measured from this position. */
  noteStart(audio: HTMLMediaElement): void;
  /** Paused, ended or stopped: what played up to now counts, then the stretch ends. */
  noteStop(audio: HTMLMediaElement): void;
  /** A jump: nothing between the two places was heard. */
  noteSeek(): void;
  /** Reports the play once it is due (30 s heard, or the end of what could be heard). */
  reportIfDue(ending: { hasEnded: boolean; playableSeconds: number }): void;
};

/**
 * The play count's bookkeeping for the player: listening time summed as the element plays
 * (play-count.ts), one report per track and page visit, sent through `onPlayHeard`.
 */
export function usePlayCounter(onPlayHeard: (audioId: string, secondsListened: number) => void): PlayCounter {
  const onPlayHeardRef = useRef(onPlayHeard);
  onPlayHeardRef.current = onPlayHeard;
  const [counter] = useState<PlayCounter>(() => {
    let audioId: string | null = null;
    let listening: Listening = initialListening;
    const reported = new Set<string>();
    return {
      startTrack(nextAudioId) {
        audioId = nextAudioId;
        listening = { ...initialListening, isReported: reported.has(nextAudioId) };
      },
      notePlaying(audio) {
        listening = notePosition(listening, audio.currentTime, readMaxStep(audio.playbackRate));
      },
      noteStart(audio) {
        listening = notePosition(breakListening(listening), audio.currentTime, 0);
      },
      noteStop(audio) {
        listening = breakListening(
          notePosition(listening, audio.currentTime, readMaxStep(audio.playbackRate)),
        );
      },
      noteSeek() {
        listening = breakListening(listening);
      },
      reportIfDue(ending) {
        if (!audioId || !shouldReportPlay(listening, ending)) return;
        listening = { ...listening, isReported: true };
        reported.add(audioId);
        onPlayHeardRef.current(audioId, readReportedSeconds(listening));
      },
    };
  });
  return counter;
}
