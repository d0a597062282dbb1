/**
 * The camera recorder's states (spec: inactive, recording, paused, recording again; stop
 * returns to inactive and shows a preview; a timer counts seconds), as a pure reducer.
 */
export type RecorderState = {
  status: 'inactive' | 'recording' | 'paused';
  /** Whole seconds recorded so far; paused time does not count. */
  seconds: number;
  /** Whether a finished recording waits in the preview. */
  hasPreview: boolean;
};

export type RecorderEvent = 'start' | 'pause' | 'resume' | 'stop' | 'tick' | 'discard';

export const initialRecorderState: RecorderState = { status: 'inactive', seconds: 0, hasPreview: false };

export function nextRecorderState(state: RecorderState, event: RecorderEvent): RecorderState {
  switch (event) {
    case 'start':
      return state.status === 'inactive' ? { status: 'recording', seconds: 0, hasPreview: false } : state;
    case 'pause':
      return state.status === 'recording' ? { ...state, status: 'paused' } : state;
    case 'resume':
      return state.status === 'paused' ? { ...state, status: 'recording' } : state;
    case 'stop':
      return state.status === 'inactive' ? state : { ...state, status: 'inactive', hasPreview: true };
    case 'tick':
      return state.status === 'recording' ? { ...state, seconds: state.seconds + 1 } : state;
    case 'discard':
      return initialRecorderState;
  }
}

/** The timer as people read it: 0:07, 1:05, 12:00. */
export function formatTimer(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
