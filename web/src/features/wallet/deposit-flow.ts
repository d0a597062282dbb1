import { FINAL_DEPOSIT_STATUSES, WALLET_MESSAGES } from '@stagepass/contract/wallet';
import { describeFailureCode } from './failure-reasons';

/**
 * The Topup panel's deposit flow (spec: "Deposit and payment flow") as a reducer:
 * idle → processing (Pay pressed, the initiation on its way) → waiting (the provider
 * accepted; the status is polled, and after a minute the panel says it may take a while)
 * → completed, or failed. Try again puts a failed flow back to idle.
 */
export type DepositFlowState =
  | { phase: 'idle' }
  | { phase: 'processing'; depositId: string }
  | {
      phase: 'waiting';
      depositId: string;
      /** No final status a minute after ACCEPTED: the payer may still be on their phone. */
      isTakingLong: boolean;
    }
  | { phase: 'completed'; depositId: string }
  | {
      phase: 'failed';
      depositId: string | null;
      /** Insufficient funds has its own words in the spec. */
      isInsufficientFunds: boolean;
      /** Why, in words, when the provider or our API said (a rejection, a refused body). */
      reason: string | null;
    };

export type DepositFlowEvent =
  | { type: 'submitted'; depositId: string }
  /** The initiation's answer: result.status. */
  | { type: 'initiated'; status: 'ACCEPTED' | 'REJECTED' | 'DUPLICATE_IGNORED'; reason?: string | null }
  /** The initiation could not be made (refused, offline, a server error). */
  | { type: 'submit-failed'; reason: string | null }
  /** One status check's answer: result[0].status and result[0].failureReason.failureCode. */
  | { type: 'status-checked'; status: string | undefined; failureCode?: string | null }
  /** A minute has gone by since ACCEPTED without a final status. */
  | { type: 'taking-long' }
  /** Try again. */
  | { type: 'reset' };

export const initialDepositFlow: DepositFlowState = { phase: 'idle' };

/** Said when a deposit stays unanswered: calm, and what the payer can do meanwhile. */
export const TAKING_LONG_NOTICE =
  'Mobile money payments can take a few minutes. You can close this panel: your wallet will show the result.';

/** The same for a card top-up the bank has not decided on yet (its check may be left unanswered). */
export const CARD_TAKING_LONG_NOTICE =
  'Card payments can take a few minutes when the bank checks them. You can close this panel: your wallet will show the result.';

/** Failure codes that mean the payer's mobile money balance was too low. */
const insufficientFundsCodes = new Set(['INSUFFICIENT_BALANCE', 'BALANCE_INSUFFICIENT']);

/**
 * Whether a status check can stop: COMPLETED, FAILED, REJECTED, or an insufficient balance
 * reported as the status or as the failure code.
 */
export function isFinalDepositStatus(status: string | undefined, failureCode?: string | null): boolean {
  if (!status) return false;
  if (insufficientFundsCodes.has(status) || (failureCode && insufficientFundsCodes.has(failureCode))) {
    return true;
  }
  return (FINAL_DEPOSIT_STATUSES as readonly string[]).includes(status);
}

export function isInsufficientFunds(status: string | undefined, failureCode?: string | null): boolean {
  return Boolean(
    (status && insufficientFundsCodes.has(status)) ||
      (failureCode && insufficientFundsCodes.has(failureCode)),
  );
}

function fail(
  state: DepositFlowState,
  { isInsufficientFunds = false, reason = null }: { isInsufficientFunds?: boolean; reason?: string | null },
): DepositFlowState {
  return {
    phase: 'failed',
    depositId: 'depositId' in state ? state.depositId : null,
    isInsufficientFunds,
    reason,
  };
}

export function reduceDepositFlow(state: DepositFlowState, event: DepositFlowEvent): DepositFlowState {
  switch (event.type) {
    case 'submitted':
      // A second Pay while one is under way changes nothing.
      return state.phase === 'idle' || state.phase === 'failed'
        ? { phase: 'processing', depositId: event.depositId }
        : state;
    case 'initiated':
      if (state.phase !== 'processing') return state;
      if (event.status === 'REJECTED') return fail(state, { reason: event.reason ?? null });
      // DUPLICATE_IGNORED: the provider already has this deposit, so its status is what counts.
      return { phase: 'waiting', depositId: state.depositId, isTakingLong: false };
    case 'submit-failed':
      return state.phase === 'processing' ? fail(state, { reason: event.reason }) : state;
    case 'status-checked': {
      if (state.phase !== 'waiting') return state;
      if (isInsufficientFunds(event.status, event.failureCode))
        return fail(state, { isInsufficientFunds: true });
      if (event.status === 'COMPLETED') return { phase: 'completed', depositId: state.depositId };
      if (isFinalDepositStatus(event.status, event.failureCode)) {
        return fail(state, { reason: event.failureCode ? describeFailureCode(event.failureCode) : null });
      }
      return state;
    }
    case 'taking-long':
      return state.phase === 'waiting' && !state.isTakingLong ? { ...state, isTakingLong: true } : state;
    case 'reset':
      return state.phase === 'failed' ? initialDepositFlow : state;
  }
}

/** Whether the form's fields are locked: from Pay until the flow fails (or for good once it succeeded). */
export function isFormLocked(state: DepositFlowState): boolean {
  return state.phase !== 'idle' && state.phase !== 'failed';
}

/** The words of the panel's one button in each phase. */
export function readButtonLabel(state: DepositFlowState): string {
  switch (state.phase) {
    case 'idle':
      return 'Pay';
    case 'processing':
      return WALLET_MESSAGES.processing;
    case 'waiting':
      return WALLET_MESSAGES.waiting;
    case 'completed':
      return 'Close';
    case 'failed':
      return WALLET_MESSAGES.tryAgain;
  }
}

/** The panel's title while a flow has ended (the spec resets it on Try again); null keeps the modal's own. */
export function readFlowTitle(state: DepositFlowState): string | null {
  if (state.phase === 'completed') return WALLET_MESSAGES.completed;
  if (state.phase === 'failed') return WALLET_MESSAGES.failed;
  return null;
}

/** What the live region says in each phase. */
export function readStatusMessages(state: DepositFlowState): string[] {
  switch (state.phase) {
    case 'idle':
    case 'processing':
      return [];
    case 'waiting':
      return state.isTakingLong
        ? [WALLET_MESSAGES.promptSent, TAKING_LONG_NOTICE]
        : [WALLET_MESSAGES.promptSent];
    case 'completed':
      return [WALLET_MESSAGES.completed];
    case 'failed':
      return [
        WALLET_MESSAGES.failed,
        ...(state.isInsufficientFunds ? [WALLET_MESSAGES.insufficientFunds] : []),
        ...(state.reason ? [state.reason] : []),
      ];
  }
}
