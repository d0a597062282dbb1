import { PURCHASE_MESSAGES } from '@stagepass/contract/purchases';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { purchases } from '../../../db/schema/index.ts';
import { InsufficientFundsError } from '../ledger/ledger.service.ts';
import { payPurchaseFromWallet } from './pay-purchase.ts';
import { PurchaseNoLongerPossible } from './purchase-kinds.ts';

/**
 * Purchases that wait on a top-up of their shortfall (DESIGN.md, "Spending inside the
 * platform"). They complete inside the transaction that credits the top-up, whichever of
 * the callback, a status poll or the reconciliation job settles it first: settleDeposit
 * locks the deposit's row, so this runs once per deposit.
 */

const WALLET_SPENT_MEANWHILE =
  'Your wallet no longer held enough when the top-up arrived; the money stays in it.';

/** Pays, from the wallet just credited, every purchase waiting on this top-up. Call inside the crediting transaction. */
export async function completePurchasesAwaitingTopup(tx: Db, depositId: string): Promise<void> {
  const waiting = await tx
    .select()
    .from(purchases)
    .where(and(eq(purchases.awaitedTopupId, depositId), eq(purchases.status, 'awaiting-payment')))
    .for('update');
  for (const purchase of waiting) {
    try {
      // A savepoint: a purchase that cannot complete undoes only its own part.
      await tx.transaction((savepoint) => payPurchaseFromWallet(savepoint as unknown as Db, purchase));
    } catch (error) {
      if (error instanceof InsufficientFundsError) await markFailed(tx, purchase.id, WALLET_SPENT_MEANWHILE);
      else if (error instanceof PurchaseNoLongerPossible)
        await markFailed(tx, purchase.id, PURCHASE_MESSAGES.noLongerPossible);
      else throw error;
    }
  }
}

/** The top-up failed or was refused: nothing is bought, and nothing was taken. */
export async function failPurchasesAwaitingTopup(db: Pick<Db, 'update'>, depositId: string): Promise<void> {
  await db
    .update(purchases)
    .set({ status: 'failed', failureReason: PURCHASE_MESSAGES.topupFailed })
    .where(and(eq(purchases.awaitedTopupId, depositId), eq(purchases.status, 'awaiting-payment')));
}

async function markFailed(tx: Db, purchaseId: string, reason: string): Promise<void> {
  await tx
    .update(purchases)
    .set({ status: 'failed', failureReason: reason })
    .where(eq(purchases.id, purchaseId));
}
