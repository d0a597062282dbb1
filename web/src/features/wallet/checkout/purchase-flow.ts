import type { TPurchase } from '@stagepass/contract/purchases';
import { WALLET_MESSAGES } from '@stagepass/contract/wallet';
import { formatKwacha } from '../../../lib/money';

/**
 * The checkout's flow as a reducer, in the Topup panel's words: idle → processing (Pay
 * pressed) → completed from the wallet, or waiting (a top-up of the shortfall is on its way;
 * the purchase completes on the server with it) → completed or failed. A price or a balance
 * that moved meanwhile puts the flow back to idle with a notice: the fan confirms again.
 */
export type PurchaseFlowState =
  | { phase: 'idle'; notice: string | null }
  | { phase: 'processing' }
  /** isCard: a card top-up (no phone prompt; the bank may have asked for a check). */
  | { phase: 'waiting'; purchaseId: string; isCard: boolean }
  | { phase: 'completed'; purchase: TPurchase }
  | { phase: 'failed'; reason: string | null };

export type PurchaseFlowEvent =
  | { type: 'submitted' }
  /** The purchase as the server answered it, at once or on a later read. */
  | { type: 'answered'; purchase: TPurchase; isCard?: boolean }
  /** Refused before anything was charged because the price or the balance changed. */
  | { type: 'reconsider'; notice: string }
  | { type: 'submit-failed'; reason: string | null }
  /** Try again. */
  | { type: 'reset' };

export const initialPurchaseFlow: PurchaseFlowState = { phase: 'idle', notice: null };

export function reducePurchaseFlow(state: PurchaseFlowState, event: PurchaseFlowEvent): PurchaseFlowState {
  switch (event.type) {
    case 'submitted':
      return state.phase === 'idle' ? { phase: 'processing' } : state;
    case 'answered': {
      // A late read never takes a finished flow back.
      if (state.phase === 'completed' || state.phase === 'failed' || state.phase === 'idle') return state;
      const { purchase } = event;
      if (purchase.status === 'completed') return { phase: 'completed', purchase };
      if (purchase.status === 'failed') return { phase: 'failed', reason: purchase.failureReason };
      const isCard = event.isCard ?? (state.phase === 'waiting' && state.isCard);
      return { phase: 'waiting', purchaseId: purchase.purchaseId, isCard };
    }
    case 'reconsider':
      return state.phase === 'processing' ? { phase: 'idle', notice: event.notice } : state;
    case 'submit-failed':
      return state.phase === 'processing' ? { phase: 'failed', reason: event.reason } : state;
    case 'reset':
      return state.phase === 'failed' ? initialPurchaseFlow : state;
  }
}

/** pawaPay's smallest deposit, K1: a smaller shortfall is topped up by K1 and the rest stays in the wallet. */
export const MIN_TOPUP_NGWEE = 100;

/** What to top up for a price the wallet cannot pay; 0 when it can (or either is not known yet). */
export function findShortfallTopup(price: number | null, balance: number | undefined): number {
  if (price === null || balance === undefined || balance >= price) return 0;
  return Math.max(price - balance, MIN_TOPUP_NGWEE);
}

/** The one button's words through the flow. */
export function readCheckoutButtonLabel(
  state: PurchaseFlowState,
  { submitLabel, topup }: { submitLabel: string; topup: number },
): string {
  switch (state.phase) {
    case 'processing':
      return WALLET_MESSAGES.processing;
    case 'waiting':
      return WALLET_MESSAGES.waiting;
    case 'completed':
      return 'Close';
    case 'failed':
      return WALLET_MESSAGES.tryAgain;
    case 'idle':
      return topup > 0 ? `Top up ${formatKwacha(topup)} and pay` : submitLabel;
  }
}

/**
 * Said once a purchase has waited a minute on its top-up: calm, and what the fan can do
 * meanwhile (the server completes the purchase when the top-up arrives, page open or not).
 */
export const PURCHASE_TAKING_LONG_NOTICE =
  'Top-ups can take a few minutes. You can close this: your wallet will show the result, and this is paid as soon as the top-up arrives.';

/** What the live region says: the first line is the headline. */
export function readCheckoutMessages(state: PurchaseFlowState, { isTakingLong = false } = {}): string[] {
  switch (state.phase) {
    case 'idle':
      return state.notice ? [state.notice] : [];
    case 'processing':
      return [];
    case 'waiting': {
      const messages = state.isCard
        ? [WALLET_MESSAGES.waiting]
        : [WALLET_MESSAGES.waiting, WALLET_MESSAGES.promptSent];
      return isTakingLong ? [...messages, PURCHASE_TAKING_LONG_NOTICE] : messages;
    }
    case 'completed':
      return [WALLET_MESSAGES.completed];
    case 'failed':
      return [WALLET_MESSAGES.failed, state.reason ?? WALLET_MESSAGES.errorOccured];
  }
}
