import { PURCHASE_MESSAGES } from '@stagepass/contract/purchases';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { type PurchaseRow, purchases } from '../../../db/schema/index.ts';
import { emit } from '../../../events/domain-events.ts';
import {
  ensureEarningsAccount,
  ensureWalletAccount,
  platformFeesAccountId,
  postLedgerTransaction,
} from '../ledger/ledger.service.ts';
import { recordEarnings } from '../payouts/earnings.service.ts';
import { isBlockedEitherWay } from './purchase-blocks.ts';
import { getPurchaseKind, PurchaseBlocked } from './purchase-kinds.ts';

/** The platform's part of a price: whole percent, rounded down, so any rounding is the creator's. */
export function computePlatformFee(amount: number, feePercent: number): number {
  return Math.floor((amount * feePercent) / 100);
}

/** The booking's unique reference: a purchase is paid at most once, whoever tries. */
export const purchaseReference = (purchaseId: string) => `purchase:${purchaseId}`;

/**
 * Pays a purchase from its fan's wallet and grants it, inside `tx`: one ledger transaction
 * (fan wallet → creator earnings and the platform fee), the feature's grant, the row marked
 * completed, the earnings rollups, and `purchase.completed` told to its subscribers. Throws InsufficientFundsError (the wallet is short) or
 * PurchaseNoLongerPossible (PurchaseBlocked when either has blocked the other since the
 * purchase began: a top-up that completes later pays nothing across a block); the caller's
 * transaction, or a savepoint, then undoes all of it.
 */
export async function payPurchaseFromWallet(tx: Db, purchase: PurchaseRow): Promise<PurchaseRow> {
  if (!purchase.fanId || !purchase.creatorId) {
    throw new Error(`Purchase ${purchase.id} has lost its fan or its creator.`);
  }
  if (await isBlockedEitherWay(tx, purchase.fanId, purchase.creatorId)) {
    throw new PurchaseBlocked(PURCHASE_MESSAGES.blocked);
  }
  const wallet = await ensureWalletAccount(tx, purchase.fanId);
  const earnings = await ensureEarningsAccount(tx, purchase.creatorId);
  const creatorShare = purchase.amount - purchase.fee;
  const booked = await postLedgerTransaction(tx, {
    kind: purchase.kind,
    reference: purchaseReference(purchase.id),
    description: `${purchase.kind} ${purchase.id}`,
    lines: [
      { accountId: wallet, amount: -purchase.amount },
      { accountId: earnings, amount: creatorShare },
      ...(purchase.fee > 0 ? [{ accountId: platformFeesAccountId(purchase.id), amount: purchase.fee }] : []),
    ],
  });
  if (!booked) throw new Error(`Purchase ${purchase.id} was booked already but is not completed.`);
  const kind = getPurchaseKind(purchase.kind);
  const isRenewal = (await kind.isRenewal?.(tx, purchase)) ?? false;
  await kind.grant(tx, purchase);
  const completedAt = new Date();
  const [completed] = await tx
    .update(purchases)
    .set({ status: 'completed', ledgerTransactionId: booked.transactionId, completedAt })
    .where(eq(purchases.id, purchase.id))
    .returning();
  const itemId = kind.itemId?.(purchase) ?? null;
  await recordEarnings(tx, {
    creatorId: purchase.creatorId,
    kind: purchase.kind,
    earned: creatorShare,
    completedAt,
    itemId,
    isRenewal,
  });
  await emit(tx, 'purchase.completed', {
    purchaseId: purchase.id,
    kind: purchase.kind,
    fanId: purchase.fanId,
    creatorId: purchase.creatorId,
    amount: purchase.amount,
    fee: purchase.fee,
    funding: purchase.funding,
    itemId,
    completedAt: completedAt.toISOString(),
  });
  return completed!;
}
