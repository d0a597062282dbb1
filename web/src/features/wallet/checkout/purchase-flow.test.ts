import type { TPurchase } from '@stagepass/contract/purchases';
import { WALLET_MESSAGES } from '@stagepass/contract/wallet';
import { describe, expect, it } from 'vitest';
import {
  findShortfallTopup,
  initialPurchaseFlow,
  PURCHASE_TAKING_LONG_NOTICE,
  type PurchaseFlowEvent,
  type PurchaseFlowState,
  readCheckoutButtonLabel,
  readCheckoutMessages,
  reducePurchaseFlow,
} from './purchase-flow';

function purchase(status: TPurchase['status'], failureReason: string | null = null): TPurchase {
  return {
    purchaseId: '0b5d1a8e-4a1c-4c55-9f51-1f1d8a1c2b3d',
    kind: 'tip',
    status,
    amount: 1000,
    currency: 'ZMW',
    creator: { username: '@mutinta', name: 'Mutinta Hamoonga' },
    details: {},
    awaitedTopupId: null,
    failureReason,
    createdAt: '2026-11-25T10:00:00.000Z',
    completedAt: null,
  };
}

function run(...events: PurchaseFlowEvent[]): PurchaseFlowState {
  return events.reduce(reducePurchaseFlow, initialPurchaseFlow);
}

describe('the checkout flow', () => {
  it('completes at once when the wallet paid', () => {
    const state = run({ type: 'submitted' }, { type: 'answered', purchase: purchase('completed') });
    expect(state.phase).toBe('completed');
    expect(readCheckoutMessages(state)).toEqual([WALLET_MESSAGES.completed]);
    expect(readCheckoutButtonLabel(state, { submitLabel: 'Send K10 tip', topup: 0 })).toBe('Close');
  });

  it("waits on the top-up in the Topup panel's words, then completes with it", () => {
    const waiting = run({ type: 'submitted' }, { type: 'answered', purchase: purchase('awaiting-payment') });
    expect(waiting).toEqual({
      phase: 'waiting',
      purchaseId: purchase('completed').purchaseId,
      isCard: false,
    });
    expect(readCheckoutMessages(waiting)).toEqual([WALLET_MESSAGES.waiting, WALLET_MESSAGES.promptSent]);
    // A top-up that does not settle within a minute: the fan may close, the wallet shows the rest.
    expect(readCheckoutMessages(waiting, { isTakingLong: true })).toEqual([
      WALLET_MESSAGES.waiting,
      WALLET_MESSAGES.promptSent,
      PURCHASE_TAKING_LONG_NOTICE,
    ]);
    expect(readCheckoutButtonLabel(waiting, { submitLabel: 'x', topup: 500 })).toBe(WALLET_MESSAGES.waiting);
    expect(reducePurchaseFlow(waiting, { type: 'answered', purchase: purchase('completed') }).phase).toBe(
      'completed',
    );
  });

  it('waits on a card top-up without speaking of a phone prompt', () => {
    const waiting = run(
      { type: 'submitted' },
      { type: 'answered', purchase: purchase('awaiting-payment'), isCard: true },
    );
    expect(readCheckoutMessages(waiting)).toEqual([WALLET_MESSAGES.waiting]);
    // A later read keeps what pays.
    expect(reducePurchaseFlow(waiting, { type: 'answered', purchase: purchase('awaiting-payment') })).toEqual(
      waiting,
    );
  });

  it('says why a purchase failed, and Try again starts over', () => {
    const failed = run(
      { type: 'submitted' },
      {
        type: 'answered',
        purchase: purchase('failed', 'The top-up did not go through, so nothing was bought.'),
      },
    );
    expect(readCheckoutMessages(failed)).toEqual([
      WALLET_MESSAGES.failed,
      'The top-up did not go through, so nothing was bought.',
    ]);
    expect(readCheckoutButtonLabel(failed, { submitLabel: 'x', topup: 0 })).toBe(WALLET_MESSAGES.tryAgain);
    expect(reducePurchaseFlow(failed, { type: 'reset' })).toEqual(initialPurchaseFlow);
  });

  it('goes back to the form with a notice when the price moved, so the fan confirms the new one', () => {
    const state = run(
      { type: 'submitted' },
      { type: 'reconsider', notice: 'The price is now K9. Confirm to pay it.' },
    );
    expect(state).toEqual({ phase: 'idle', notice: 'The price is now K9. Confirm to pay it.' });
  });

  it('never takes a finished flow back on a late read', () => {
    const completed = run({ type: 'submitted' }, { type: 'answered', purchase: purchase('completed') });
    expect(reducePurchaseFlow(completed, { type: 'answered', purchase: purchase('awaiting-payment') })).toBe(
      completed,
    );
    expect(
      reducePurchaseFlow(initialPurchaseFlow, { type: 'answered', purchase: purchase('completed') }),
    ).toBe(initialPurchaseFlow);
  });

  it('tops up the shortfall, at least K1, and nothing when the wallet can pay', () => {
    expect(findShortfallTopup(1000, 400)).toBe(600);
    expect(findShortfallTopup(1000, 950)).toBe(100);
    expect(findShortfallTopup(1000, 1000)).toBe(0);
    expect(findShortfallTopup(null, 0)).toBe(0);
    expect(findShortfallTopup(1000, undefined)).toBe(0);
    expect(readCheckoutButtonLabel(initialPurchaseFlow, { submitLabel: 'Pay K10', topup: 600 })).toBe(
      'Top up K6 and pay',
    );
    expect(readCheckoutButtonLabel(initialPurchaseFlow, { submitLabel: 'Pay K10', topup: 0 })).toBe(
      'Pay K10',
    );
  });
});
