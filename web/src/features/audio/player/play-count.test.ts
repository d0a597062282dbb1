import { describe, expect, it } from 'vitest';
import {
  breakListening,
  initialListening,
  type Listening,
  notePosition,
  readMaxStep,
  readReportedSeconds,
  shouldReportPlay,
} from './play-count';

/** Plays from `from` to `to` with a report every quarter second of media time. */
function play(listening: Listening, from: number, to: number, rate = 1): Listening {
  let state = notePosition(breakListening(listening), from, readMaxStep(rate));
  for (let position = from + 0.25 * rate; position <= to + 1e-9; position += 0.25 * rate) {
    state = notePosition(state, position, readMaxStep(rate));
  }
  return state;
}

describe('listening time', () => {
  it('sums what was heard', () => {
    const heard = play(initialListening, 0, 12);
    expect(heard.heardSeconds).toBeCloseTo(12);
  });

  it('adds nothing for a seek forward, and goes on from the new place', () => {
    let state = play(initialListening, 0, 10);
    // The element reports the far position right after the jump.
    state = notePosition(state, 95, readMaxStep(1));
    expect(state.heardSeconds).toBeCloseTo(10);
    state = play(state, 95, 100);
    expect(state.heardSeconds).toBeCloseTo(15);
  });

  it('adds nothing for a step back, and counts a part heard twice twice', () => {
    let state = play(initialListening, 0, 20);
    state = notePosition(state, 5, readMaxStep(1));
    state = play(state, 5, 20);
    expect(state.heardSeconds).toBeCloseTo(35);
  });

  it('counts nothing across a pause: the first report after it starts a new stretch', () => {
    let state = play(initialListening, 0, 10);
    state = breakListening(state);
    state = notePosition(state, 10.2, readMaxStep(1));
    expect(state.heardSeconds).toBeCloseTo(10);
  });

  it('counts media time at a faster rate, where each report is further on', () => {
    const state = play(initialListening, 0, 40, 8);
    expect(state.heardSeconds).toBeCloseTo(40);
  });
});

describe('when the play is reported', () => {
  it('is at 30 s heard, whatever the position', () => {
    const at29 = play(initialListening, 100, 129);
    expect(shouldReportPlay(at29, { hasEnded: false, playableSeconds: 300 })).toBe(false);
    const at30 = play(at29, 129, 130);
    expect(shouldReportPlay(at30, { hasEnded: false, playableSeconds: 300 })).toBe(true);
    expect(readReportedSeconds(at30)).toBe(30);
  });

  it('is at the end of a shorter track heard (nearly) whole', () => {
    const state = play(initialListening, 0, 20);
    expect(shouldReportPlay(state, { hasEnded: false, playableSeconds: 20 })).toBe(false);
    expect(shouldReportPlay(state, { hasEnded: true, playableSeconds: 20 })).toBe(true);
  });

  it('is at the end of the preview', () => {
    const state = play(initialListening, 0, 29.75);
    expect(shouldReportPlay(state, { hasEnded: true, playableSeconds: 30 })).toBe(true);
  });

  it('is not at the end of a track the listener jumped to the end of', () => {
    const state = notePosition(play(initialListening, 0, 3), 118, readMaxStep(1));
    expect(shouldReportPlay(play(state, 118, 120), { hasEnded: true, playableSeconds: 120 })).toBe(false);
  });

  it('is once', () => {
    const state = { ...play(initialListening, 0, 40), isReported: true };
    expect(shouldReportPlay(state, { hasEnded: true, playableSeconds: 40 })).toBe(false);
  });
});
