import { describe, expect, it } from 'vitest';
import { formatTimer, initialRecorderState, nextRecorderState, type RecorderEvent } from './recorder-state';

const run = (...events: RecorderEvent[]) => events.reduce(nextRecorderState, initialRecorderState);

describe('the recorder states', () => {
  it('goes inactive → recording → paused → recording → stop (inactive, with a preview)', () => {
    expect(run('start').status).toBe('recording');
    expect(run('start', 'pause').status).toBe('paused');
    expect(run('start', 'pause', 'resume').status).toBe('recording');
    expect(run('start', 'pause', 'resume', 'stop')).toEqual({
      status: 'inactive',
      seconds: 0,
      hasPreview: true,
    });
  });

  it('counts seconds only while recording', () => {
    expect(run('start', 'tick', 'tick', 'pause', 'tick', 'resume', 'tick', 'stop', 'tick').seconds).toBe(3);
  });

  it('ignores what makes no sense in a state', () => {
    expect(run('pause')).toEqual(initialRecorderState);
    expect(run('resume')).toEqual(initialRecorderState);
    expect(run('stop')).toEqual(initialRecorderState);
    expect(run('start', 'start', 'tick').seconds).toBe(1);
  });

  it('starts again from zero, and discard drops the preview', () => {
    expect(run('start', 'tick', 'stop', 'start')).toEqual({
      status: 'recording',
      seconds: 0,
      hasPreview: false,
    });
    expect(run('start', 'tick', 'stop', 'discard')).toEqual(initialRecorderState);
  });
});

describe('formatTimer', () => {
  it('shows minutes and two-digit seconds', () => {
    expect(formatTimer(7)).toBe('0:07');
    expect(formatTimer(65)).toBe('1:05');
    expect(formatTimer(720)).toBe('12:00');
  });
});
