import type { TPayoutStatus } from '@stagepass/contract/payouts';
import { providerAmountToNgwee } from '@stagepass/contract/wallet';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { ledgerLines, ledgerTransactions, type PayoutRow, payouts } from '../../../db/schema/index.ts';
import { emit } from '../../../events/domain-events.ts';
import {
  ensurePlatformAccountsOnce,
  PLATFORM_ACCOUNTS,
  postLedgerTransaction,
} from '../ledger/ledger.service.ts';
import type { PawapayPayout } from '../providers/pawapay/pawapay-api.ts';

/**
 * Applying what pawaPay says of a payout. Whoever learns it first (the initiation's answer,
 * the callback, the creator's status poll, the reconciliation job) calls this: the row is
 * locked, the status only moves forward, and the move to a final status books in the same
 * transaction: COMPLETED pays the reserve out (payouts_in_flight → clearing_pawapay),
 * FAILED or REJECTED gives it back to the earnings it came from. The ledger's unique
 * references are a second guard: a payout is paid out, or given back, at most once.
 */

const RANK: Record<TPayoutStatus, number> = {
  INITIATED: 0,
  ACCEPTED: 1,
  ENQUEUED: 2,
  SUBMITTED: 3,
  COMPLETED: 4,
  FAILED: 4,
  REJECTED: 4,
};

type FinalPayoutStatus = Extract<TPayoutStatus, 'COMPLETED' | 'FAILED' | 'REJECTED'>;
const isFinalStatus = (status: TPayoutStatus): status is FinalPayoutStatus => RANK[status] === 4;

export const isPayoutSettled = (row: Pick<PayoutRow, 'status'>) => isFinalStatus(row.status);

export const payoutReserveReference = (payoutId: string) => `payout:reserve:${payoutId}`;
const payoutPaidReference = (payoutId: string) => `payout:paid:${payoutId}`;
const payoutReturnReference = (payoutId: string) => `payout:return:${payoutId}`;

export type PayoutReport = {
  status: TPayoutStatus;
  failureCode?: string | null;
  failureMessage?: string | null;
  providerCreatedAt?: string | null;
};

export type PayoutSettlement = {
  /** null: we have no such payout. */
  payout: PayoutRow | null;
  /** This call moved the payout to a final status (and booked it). */
  finished: boolean;
};

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;

/** What pawaPay reports of a payout (its status call or its callback), applied once. */
export async function settlePayout(db: Db, reported: PawapayPayout, log: Log): Promise<PayoutSettlement> {
  return applyPayoutReport(db, reported.payoutId, toReport(reported), log, (row) =>
    findMismatch(row, reported),
  );
}

/** Moves our payout forward to `report.status`, booking a final one; never backwards. */
export async function applyPayoutReport(
  db: Db,
  payoutId: string,
  report: PayoutReport,
  log: Log,
  findReportMismatch: (row: PayoutRow) => string | null = () => null,
): Promise<PayoutSettlement> {
  await ensurePlatformAccountsOnce(db);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(payouts).where(eq(payouts.payoutId, payoutId)).for('update');
    if (!row) return { payout: null, finished: false };
    const mismatch = findReportMismatch(row);
    if (mismatch) {
      log.error({ payoutId, mismatch }, 'the provider reports a payout unlike ours: not applied');
      return { payout: row, finished: false };
    }
    if (RANK[report.status] <= RANK[row.status]) {
      if (isPayoutSettled(row) && report.status !== row.status) {
        log.error({ payoutId, ours: row.status, theirs: report.status }, 'a final payout changed its status');
      }
      return { payout: row, finished: false };
    }
    const status = report.status;
    const isFinal = isFinalStatus(status);
    const now = new Date();
    const [updated] = await tx
      .update(payouts)
      .set({
        status: report.status,
        failureCode: report.failureCode ?? null,
        failureMessage: report.failureMessage ?? null,
        providerCreatedAt: report.providerCreatedAt ?? row.providerCreatedAt,
        updatedAt: now,
        checkedAt: now,
        finishedAt: isFinal ? now : null,
      })
      .where(eq(payouts.payoutId, payoutId))
      .returning();
    if (!isFinal) return { payout: updated ?? row, finished: false };

    const trx = tx as unknown as Db;
    if (status === 'COMPLETED') {
      await postLedgerTransaction(trx, {
        kind: 'payout',
        reference: payoutPaidReference(payoutId),
        description: 'Payout',
        lines: [
          { accountId: PLATFORM_ACCOUNTS.payoutsInFlight, amount: -row.amount },
          { accountId: PLATFORM_ACCOUNTS.clearingPawapay, amount: row.amount },
        ],
      });
    } else {
      await postLedgerTransaction(trx, {
        kind: 'payout-returned',
        reference: payoutReturnReference(payoutId),
        description: 'The payout did not go through: back in your earnings',
        lines: [
          { accountId: PLATFORM_ACCOUNTS.payoutsInFlight, amount: -row.amount },
          { accountId: await findReservedFrom(trx, payoutId), amount: row.amount },
        ],
      });
    }
    await emit(trx, 'payout.settled', {
      payoutId,
      creatorId: row.userId,
      status,
      amount: row.amount,
      isAutomatic: row.isAutomatic,
    });
    return { payout: updated ?? row, finished: true };
  });
}

/**
 * The earnings account the reserve was taken from, read from the reserve's own booking: it
 * is still right when the creator's account was deleted meanwhile (the row's user is null).
 */
async function findReservedFrom(db: Db, payoutId: string): Promise<string> {
  const [line] = await db
    .select({ accountId: ledgerLines.accountId })
    .from(ledgerLines)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerLines.transactionId))
    .where(eq(ledgerTransactions.reference, payoutReserveReference(payoutId)))
    .orderBy(ledgerLines.amount)
    .limit(1);
  if (!line) throw new Error(`payout ${payoutId} has no reserve to give back`);
  return line.accountId;
}

function toReport(reported: PawapayPayout): PayoutReport {
  return {
    status: reported.status,
    failureCode: reported.failureReason?.failureCode ?? null,
    failureMessage: reported.failureReason?.failureMessage ?? null,
    providerCreatedAt: reported.created,
  };
}

/** A report about another payout than ours (a forged or mixed-up one) must move nothing. */
function findMismatch(row: PayoutRow, reported: PawapayPayout): string | null {
  if (reported.currency !== row.currency) return `currency ${reported.currency}`;
  if (reported.correspondent !== row.correspondent) return `correspondent ${reported.correspondent}`;
  if (reported.recipient.address.value !== row.recipientPhone) return 'recipient';
  if (providerAmountToNgwee(reported.amount) !== row.amount) return 'amount';
  return null;
}
