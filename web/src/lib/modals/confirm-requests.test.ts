import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  acceptConfirm,
  formatConfirmOptions,
  parseConfirmOptions,
  registerConfirm,
  trackConfirmBody,
} from './confirm-requests';

afterEach(() => {
  vi.useRealTimers();
});

describe('confirm options', () => {
  it('carries the type and the request id in one options part', () => {
    expect(parseConfirmOptions(formatConfirmOptions('delete', 'abc123'))).toEqual({
      type: 'delete',
      requestId: 'abc123',
    });
    expect(parseConfirmOptions('close')).toEqual({ type: 'close', requestId: null });
    expect(parseConfirmOptions('')).toEqual({ type: 'close', requestId: null });
  });
});

describe('pending confirms', () => {
  it('answers true only when Proceed was chosen, once the body is gone for good', async () => {
    vi.useFakeTimers();
    const answers: boolean[] = [];
    const accepted = registerConfirm((answer) => answers.push(answer));
    const dismissed = registerConfirm((answer) => answers.push(answer));

    const stopAccepted = trackConfirmBody(accepted);
    acceptConfirm(accepted);
    stopAccepted();
    const stopDismissed = trackConfirmBody(dismissed);
    stopDismissed();
    await vi.runAllTimersAsync();

    expect(answers).toEqual([true, false]);
  });

  it('keeps waiting when the body mounts again at once (StrictMode, a re-render)', async () => {
    vi.useFakeTimers();
    const answers: boolean[] = [];
    const id = registerConfirm((answer) => answers.push(answer));

    trackConfirmBody(id)();
    const stop = trackConfirmBody(id);
    await vi.runAllTimersAsync();
    expect(answers).toEqual([]);

    stop();
    await vi.runAllTimersAsync();
    expect(answers).toEqual([false]);
  });
});
