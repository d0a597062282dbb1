import { providerAmountToNgwee, type TDepositStatus } from '@stagepass/contract/wallet';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { type DepositRow, deposits } from '../../../db/schema/index.ts';
import {
  ensurePlatformAccountsOnce,
  ensureWalletAccount,
  PLATFORM_ACCOUNTS,
  postLedgerTransaction,
} from '../ledger/ledger.service.ts';
import type { PawapayDeposit } from '../providers/pawapay/pawapay-api.ts';
import { completePurchasesAwaitingTopup, failPurchasesAwaitingTopup } from '../purchases/awaiting-topups.ts';

/**
 * Applying what the provider says of a deposit. Whoever learns it first — the callback,
 * the person's status poll, the reconciliation job — calls this; the row is locked, the
 * status only moves forward, and the wallet is credited in the same transaction as the
 * move to COMPLETED, with the amount the provider reports. The ledger's unique reference
 * is a second lock on the same door: one deposit can never be booked twice.
 */

const RANK: Record<TDepositStatus, number> = {
  INITIATED: 0,
  ACCEPTED: 1,
  SUBMITTED: 2,
  COMPLETED: 3,
  FAILED: 3,
  REJECTED: 3,
};

export const isFinalDepositStatus = (status: TDepositStatus) => RANK[status] === 3;

/**
 * Our own verdict on a deposit pawaPay did not know after a long wait. It is not pawaPay's
 * word: should pawaPay report the deposit after all, its report wins (and a completion is
 * credited), so a late initiation can never leave a payer charged and not credited.
 */
export const NOT_RECEIVED = 'NOT_RECEIVED';

/** A deposit whose status can no longer change. */
export function isSettled(row: Pick<DepositRow, 'status' | 'failureCode'>): boolean {
  return isFinalDepositStatus(row.status) && row.failureCode !== NOT_RECEIVED;
}

const rankOf = (row: Pick<DepositRow, 'status' | 'failureCode'>) =>
  isSettled(row) ? 3 : RANK[row.status] % 3;

export type Settlement = {
  /** null: we have no such deposit (yet). */
  deposit: DepositRow | null;
  /** This call moved money. */
  credited: boolean;
};

export async function settleDeposit(
  db: Db,
  reported: PawapayDeposit,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): Promise<Settlement> {
  await ensurePlatformAccountsOnce(db);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(deposits)
      .where(eq(deposits.depositId, reported.depositId))
      .for('update');
    if (!row) return { deposit: null, credited: false };
    const mismatch = findMismatch(row, reported);
    if (mismatch) {
      log.error(
        { depositId: row.depositId, mismatch },
        'the provider reports a deposit unlike ours: not applied',
      );
      return { deposit: row, credited: false };
    }
    const next: TDepositStatus = reported.status === 'ENQUEUED' ? 'SUBMITTED' : reported.status;
    if (RANK[next] <= rankOf(row)) {
      if (isSettled(row) && next !== row.status) {
        log.error(
          { depositId: row.depositId, ours: row.status, theirs: next },
          'a final deposit changed its status',
        );
      }
      return { deposit: row, credited: false };
    }

    const depositedAmount =
      next === 'COMPLETED'
        ? providerAmountToNgwee(reported.depositedAmount ?? reported.requestedAmount)
        : null;
    const [updated] = await tx
      .update(deposits)
      .set({
        status: next,
        depositedAmount,
        failureCode: reported.failureReason?.failureCode ?? null,
        failureMessage: reported.failureReason?.failureMessage ?? null,
        providerCreatedAt: reported.created,
        updatedAt: new Date(),
        checkedAt: new Date(),
      })
      .where(eq(deposits.depositId, row.depositId))
      .returning();
    const awaitedTopup = { funding: 'mobile-money', topupId: row.depositId } as const;
    if (next === 'FAILED') await failPurchasesAwaitingTopup(tx, awaitedTopup);
    if (next !== 'COMPLETED' || !depositedAmount) return { deposit: updated ?? row, credited: false };
    if (!row.userId) {
      // The account was deleted while its deposit was on the way: the money is the
      // person's, and support refunds it; it is never credited to anyone else.
      log.error({ depositId: row.depositId }, 'a deposit completed for a deleted account: refund it');
      return { deposit: updated ?? row, credited: false };
    }
    const wallet = await ensureWalletAccount(tx, row.userId);
    const booked = await postLedgerTransaction(tx as unknown as Db, {
      kind: 'topup',
      reference: `pawapay:deposit:${row.depositId}`,
      description: 'Wallet topup',
      lines: [
        { accountId: PLATFORM_ACCOUNTS.clearingPawapay, amount: -depositedAmount },
        { accountId: wallet, amount: depositedAmount },
      ],
    });
    if (booked) await completePurchasesAwaitingTopup(tx as unknown as Db, awaitedTopup);
    return { deposit: updated ?? row, credited: booked !== null };
  });
}

/** A report about another deposit than ours (a forged or mixed-up one) must move nothing. */
function findMismatch(row: DepositRow, reported: PawapayDeposit): string | null {
  if (reported.currency !== row.currency) return `currency ${reported.currency}`;
  if (reported.correspondent !== row.correspondent) return `correspondent ${reported.correspondent}`;
  if (reported.payer.address.value !== row.payerPhone) return 'payer';
  if (providerAmountToNgwee(reported.requestedAmount) !== row.requestedAmount) return 'requested amount';
  return null;
}
