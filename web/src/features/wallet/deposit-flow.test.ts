import { WALLET_MESSAGES } from '@stagepass/contract/wallet';
import { describe, expect, it } from 'vitest';
import {
  type DepositFlowEvent,
  type DepositFlowState,
  initialDepositFlow,
  isFinalDepositStatus,
  isFormLocked,
  readButtonLabel,
  readFlowTitle,
  readStatusMessages,
  reduceDepositFlow,
  TAKING_LONG_NOTICE,
} from './deposit-flow';

const depositId = '5f0c7f5e-7d3b-4d1e-9a55-2b1c0f7e9a10';

function run(...events: DepositFlowEvent[]): DepositFlowState {
  return events.reduce(reduceDepositFlow, initialDepositFlow);
}

const submitted: DepositFlowEvent = { type: 'submitted', depositId };
const accepted: DepositFlowEvent = { type: 'initiated', status: 'ACCEPTED' };

describe('the deposit flow', () => {
  it('starts idle with Pay and an unlocked form', () => {
    expect(initialDepositFlow).toEqual({ phase: 'idle' });
    expect(readButtonLabel(initialDepositFlow)).toBe('Pay');
    expect(isFormLocked(initialDepositFlow)).toBe(false);
    expect(readStatusMessages(initialDepositFlow)).toEqual([]);
  });

  it("reads 'Proccessing..' with the form locked once Pay is pressed", () => {
    const state = run(submitted);
    expect(state).toEqual({ phase: 'processing', depositId });
    expect(readButtonLabel(state)).toBe('Proccessing..');
    expect(isFormLocked(state)).toBe(true);
  });

  it('waits for the phone after ACCEPTED, and after DUPLICATE_IGNORED too', () => {
    for (const status of ['ACCEPTED', 'DUPLICATE_IGNORED'] as const) {
      const state = run(submitted, { type: 'initiated', status });
      expect(state).toEqual({ phase: 'waiting', depositId, isTakingLong: false });
      expect(readButtonLabel(state)).toBe('Waiting for Transaction..');
      expect(readStatusMessages(state)).toEqual([WALLET_MESSAGES.promptSent]);
      expect(isFormLocked(state)).toBe(true);
    }
  });

  it('keeps waiting while the status is not final', () => {
    const waiting = run(submitted, accepted);
    for (const status of ['INITIATED', 'ACCEPTED', 'SUBMITTED', undefined]) {
      expect(reduceDepositFlow(waiting, { type: 'status-checked', status })).toBe(waiting);
    }
  });

  it('says calmly, a minute on, that it can take a few minutes and the panel can be closed', () => {
    const waiting = run(submitted, accepted);
    const takingLong = reduceDepositFlow(waiting, { type: 'taking-long' });
    expect(takingLong).toEqual({ phase: 'waiting', depositId, isTakingLong: true });
    expect(readStatusMessages(takingLong)).toEqual([WALLET_MESSAGES.promptSent, TAKING_LONG_NOTICE]);
    expect(TAKING_LONG_NOTICE).toMatch(/few minutes/);
    expect(TAKING_LONG_NOTICE).toMatch(/close this panel/);
    expect(TAKING_LONG_NOTICE).toMatch(/wallet will show the result/);
    // Still waiting: the button, the lock and the checks go on.
    expect(readButtonLabel(takingLong)).toBe('Waiting for Transaction..');
    expect(isFormLocked(takingLong)).toBe(true);
    expect(reduceDepositFlow(takingLong, { type: 'status-checked', status: 'SUBMITTED' })).toBe(takingLong);
    expect(reduceDepositFlow(takingLong, { type: 'status-checked', status: 'COMPLETED' })).toEqual({
      phase: 'completed',
      depositId,
    });
    // A notice that comes late (the deposit settled, or was never accepted) changes nothing.
    expect(reduceDepositFlow(takingLong, { type: 'taking-long' })).toBe(takingLong);
    const processing = run(submitted);
    expect(reduceDepositFlow(processing, { type: 'taking-long' })).toBe(processing);
    const completed = reduceDepositFlow(waiting, { type: 'status-checked', status: 'COMPLETED' });
    expect(reduceDepositFlow(completed, { type: 'taking-long' })).toBe(completed);
  });

  it('completes on COMPLETED: success message, a Close button, the title of success', () => {
    const state = run(submitted, accepted, { type: 'status-checked', status: 'COMPLETED' });
    expect(state).toEqual({ phase: 'completed', depositId });
    expect(readButtonLabel(state)).toBe('Close');
    expect(readStatusMessages(state)).toEqual(['Transaction was successful']);
    expect(readFlowTitle(state)).toBe('Transaction was successful');
    expect(isFormLocked(state)).toBe(true);
  });

  it("fails on FAILED with 'Transaction failed!', Try again and the form unlocked", () => {
    const state = run(submitted, accepted, {
      type: 'status-checked',
      status: 'FAILED',
      failureCode: 'PAYMENT_NOT_APPROVED',
    });
    expect(state).toMatchObject({ phase: 'failed', depositId, isInsufficientFunds: false });
    expect(readButtonLabel(state)).toBe('Try again');
    expect(readFlowTitle(state)).toBe('Transaction failed!');
    expect(readStatusMessages(state)[0]).toBe('Transaction failed!');
    expect(readStatusMessages(state)).toContain('The payment was not approved on the phone.');
    expect(isFormLocked(state)).toBe(false);
  });

  it('says insufficient funds in the spec’s words, whether as failure code or as status', () => {
    for (const event of [
      { type: 'status-checked', status: 'FAILED', failureCode: 'INSUFFICIENT_BALANCE' },
      { type: 'status-checked', status: 'INSUFFICIENT_BALANCE' },
      { type: 'status-checked', status: 'BALANCE_INSUFFICIENT' },
    ] as const) {
      const state = run(submitted, accepted, event);
      expect(state).toMatchObject({ phase: 'failed', isInsufficientFunds: true });
      expect(readStatusMessages(state)).toEqual([
        'Transaction failed!',
        "We couldn't proccess the transaction due to insufficient funds.Topup your balance and try again.",
      ]);
    }
  });

  it('fails on REJECTED, at initiation (with the reason) or later', () => {
    const atOnce = run(submitted, { type: 'initiated', status: 'REJECTED', reason: 'Amount too large' });
    expect(atOnce).toMatchObject({ phase: 'failed', reason: 'Amount too large' });
    const later = run(submitted, accepted, { type: 'status-checked', status: 'REJECTED' });
    expect(later).toMatchObject({ phase: 'failed', isInsufficientFunds: false, reason: null });
  });

  it('fails when the initiation itself fails, with the server’s words if any', () => {
    const state = run(submitted, { type: 'submit-failed', reason: 'The provider did not answer.' });
    expect(state).toEqual({
      phase: 'failed',
      depositId,
      isInsufficientFunds: false,
      reason: 'The provider did not answer.',
    });
    expect(readStatusMessages(state)).toEqual(['Transaction failed!', 'The provider did not answer.']);
  });

  it('Try again resets the status and the title', () => {
    const failed = run(submitted, accepted, { type: 'status-checked', status: 'FAILED' });
    const reset = reduceDepositFlow(failed, { type: 'reset' });
    expect(reset).toEqual({ phase: 'idle' });
    expect(readFlowTitle(reset)).toBeNull();
    expect(readButtonLabel(reset)).toBe('Pay');
    // And a new Pay starts over from there.
    expect(reduceDepositFlow(reset, { type: 'submitted', depositId: 'other' })).toEqual({
      phase: 'processing',
      depositId: 'other',
    });
  });

  it('ignores events that do not belong to the phase', () => {
    const processing = run(submitted);
    expect(reduceDepositFlow(processing, { type: 'submitted', depositId: 'twice' })).toBe(processing);
    expect(reduceDepositFlow(processing, { type: 'status-checked', status: 'COMPLETED' })).toBe(processing);
    expect(reduceDepositFlow(processing, { type: 'reset' })).toBe(processing);
    const completed = run(submitted, accepted, { type: 'status-checked', status: 'COMPLETED' });
    // A late answer of a poll cannot turn a success into a failure.
    expect(reduceDepositFlow(completed, { type: 'status-checked', status: 'FAILED' })).toBe(completed);
    expect(reduceDepositFlow(completed, { type: 'reset' })).toBe(completed);
    expect(reduceDepositFlow(initialDepositFlow, accepted)).toBe(initialDepositFlow);
  });
});

describe('which statuses are final', () => {
  it('stops on COMPLETED, FAILED, INSUFFICIENT_BALANCE and REJECTED', () => {
    for (const status of [
      'COMPLETED',
      'FAILED',
      'REJECTED',
      'INSUFFICIENT_BALANCE',
      'BALANCE_INSUFFICIENT',
    ]) {
      expect(isFinalDepositStatus(status)).toBe(true);
    }
  });

  it('goes on while INITIATED, ACCEPTED or SUBMITTED, or when there is no deposit yet', () => {
    for (const status of ['INITIATED', 'ACCEPTED', 'SUBMITTED', undefined]) {
      expect(isFinalDepositStatus(status)).toBe(false);
    }
  });

  it('stops on an insufficient balance given as the failure code', () => {
    expect(isFinalDepositStatus('SUBMITTED', 'INSUFFICIENT_BALANCE')).toBe(true);
  });
});
