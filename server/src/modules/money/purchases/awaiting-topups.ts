import { PURCHASE_MESSAGES } from '@stagepass/contract/purchases';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { purchases } from '../../../db/schema/index.ts';
import { InsufficientFundsError } from '../ledger/ledger.service.ts';
import { payPurchaseFromWallet } from './pay-purchase.ts';
import { PurchaseBlocked, PurchaseNoLongerPossible } from './purchase-kinds.ts';

/**
 * Purchases that wait on a top-up of their shortfall (DESIGN.md, "Spending inside the
 * platform"), by mobile money (a deposit) or by card (a card top-up). They complete inside
 * the transaction that credits the top-up, whichever path settles it first: settleDeposit
 * and settleCardTopup lock the top-up's row, so this runs once per top-up.
 */

/**
 * The top-up a purchase waits on: its id and how it is paid (the purchase's funding), so a
 * card top-up can never complete a purchase that waits on a deposit of the same id.
 */
export type AwaitedTopup = { funding: 'mobile-money' | 'card'; topupId: string };

const WALLET_SPENT_MEANWHILE =
  'Your wallet no longer held enough when the top-up arrived; the money stays in it.';

const awaiting = (topup: AwaitedTopup) =>
  and(
    eq(purchases.awaitedTopupId, topup.topupId),
    eq(purchases.funding, topup.funding),
    eq(purchases.status, 'awaiting-payment'),
  );

/** Pays, from the wallet just credited, every purchase waiting on this top-up. Call inside the crediting transaction. */
export async function completePurchasesAwaitingTopup(tx: Db, topup: AwaitedTopup): Promise<void> {
  const waiting = await tx.select().from(purchases).where(awaiting(topup)).for('update');
  for (const purchase of waiting) {
    try {
      // A savepoint: a purchase that cannot complete undoes only its own part.
      await tx.transaction((savepoint) => payPurchaseFromWallet(savepoint as unknown as Db, purchase));
    } catch (error) {
      if (error instanceof InsufficientFundsError) await markFailed(tx, purchase.id, WALLET_SPENT_MEANWHILE);
      else if (error instanceof PurchaseBlocked) await markFailed(tx, purchase.id, PURCHASE_MESSAGES.blocked);
      else if (error instanceof PurchaseNoLongerPossible)
        await markFailed(tx, purchase.id, PURCHASE_MESSAGES.noLongerPossible);
      else throw error;
    }
  }
}

/** The top-up failed or was refused: nothing is bought, and nothing was taken. */
export async function failPurchasesAwaitingTopup(
  db: Pick<Db, 'update'>,
  topup: AwaitedTopup,
  reason: string = PURCHASE_MESSAGES.topupFailed,
): Promise<void> {
  await db.update(purchases).set({ status: 'failed', failureReason: reason }).where(awaiting(topup));
}

async function markFailed(tx: Db, purchaseId: string, reason: string): Promise<void> {
  await tx
    .update(purchases)
    .set({ status: 'failed', failureReason: reason })
    .where(eq(purchases.id, purchaseId));
}
