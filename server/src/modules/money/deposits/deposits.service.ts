import {
  ngweeToProviderAmount,
  providerAmountToNgwee,
  type TDeposit,
  type TDepositResponse,
  WALLET_MESSAGES,
  type ZDepositRequest,
} from '@stagepass/contract/wallet';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { type DepositRow, deposits } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/errors.ts';
import type { PawapayInitiationAnswer } from '../providers/pawapay/pawapay-api.ts';
import {
  type PawapayClient,
  PawapayRequestError,
  PawapayUnavailableError,
} from '../providers/pawapay/pawapay-client.ts';
import { failPurchasesAwaitingTopup } from '../purchases/awaiting-topups.ts';
import { isSettled, settleDeposit } from './settle-deposit.ts';

/**
 * Top-ups by mobile money (docs/decisions/009-deposits.md). The deposit is saved before
 * pawaPay is called, so an answer lost on the way (a timeout, a crash) leaves a row the
 * status calls and the reconciliation job settle; nothing is credited here except through
 * settleDeposit.
 */

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;
type Dependencies = { db: Db; pawapay: PawapayClient; log: Log };

export async function startDeposit(
  options: Dependencies & { userId: string; request: z.output<typeof ZDepositRequest> },
): Promise<TDepositResponse['result']> {
  const { db, pawapay, userId, request } = options;
  const saved = await saveDeposit(db, userId, request);
  if (saved.status !== 'INITIATED') {
    // A repeat of a deposit pawaPay already has: what it would answer.
    return saved.status === 'REJECTED'
      ? { depositId: saved.depositId, status: 'REJECTED', rejectionReason: rejectionOf(saved) }
      : { depositId: saved.depositId, status: 'DUPLICATE_IGNORED' };
  }

  let answer: PawapayInitiationAnswer;
  try {
    // From the saved row: a repeat of this deposit sends pawaPay exactly what it sent first.
    answer = await pawapay.initiateDeposit({
      depositId: saved.depositId,
      amount: ngweeToProviderAmount(saved.requestedAmount),
      currency: saved.currency,
      country: saved.country,
      correspondent: saved.correspondent,
      payer: { type: 'MSISDN', address: { value: saved.payerPhone } },
      customerTimestamp: saved.customerTimestamp,
      statementDescription: saved.statementDescription,
      preAuthorisationCode: request.preAuthorisationCode,
    });
  } catch (error) {
    if (error instanceof PawapayUnavailableError)
      return recoverUnansweredInitiation(options, saved.depositId, error);
    if (!(error instanceof PawapayRequestError)) throw error;
    // pawaPay refused the request itself (4xx): it did not take the deposit.
    options.log.error({ err: error, depositId: saved.depositId }, 'pawaPay refused a deposit request');
    answer = {
      depositId: saved.depositId,
      status: 'REJECTED',
      rejectionReason: {
        rejectionCode: 'INVALID_REQUEST',
        rejectionMessage: 'The provider refused the request.',
      },
    };
  }

  if (answer.status === 'REJECTED') {
    const reason = answer.rejectionReason;
    await db
      .update(deposits)
      .set({
        status: 'REJECTED',
        failureCode: reason?.rejectionCode ?? 'REJECTED',
        failureMessage: reason?.rejectionMessage ?? '',
        updatedAt: new Date(),
      })
      .where(and(eq(deposits.depositId, saved.depositId), eq(deposits.status, 'INITIATED')));
    await failPurchasesAwaitingTopup(db, { funding: 'mobile-money', topupId: saved.depositId });
    return { depositId: saved.depositId, status: 'REJECTED', rejectionReason: reason && { ...reason } };
  }
  // ACCEPTED, or DUPLICATE_IGNORED for a retry pawaPay already took: either way it has it.
  // A callback may have settled it already; the guard keeps that.
  await db
    .update(deposits)
    .set({ status: 'ACCEPTED', providerCreatedAt: answer.created ?? null, updatedAt: new Date() })
    .where(and(eq(deposits.depositId, saved.depositId), eq(deposits.status, 'INITIATED')));
  return { depositId: saved.depositId, status: answer.status, created: answer.created };
}

/**
 * pawaPay did not answer the initiation: it may or may not have the deposit. Its advice:
 * never start another one, ask what became of this one.
 */
async function recoverUnansweredInitiation(
  options: Dependencies,
  depositId: string,
  error: PawapayUnavailableError,
): Promise<TDepositResponse['result']> {
  options.log.warn({ err: error, depositId }, 'deposit initiation unanswered: re-checking');
  const found = await refreshDeposit({ ...options, depositId }).catch(() => null);
  if (found && found.status !== 'INITIATED') return { depositId, status: 'ACCEPTED' };
  throw new AppError('PROVIDER_UNAVAILABLE', WALLET_MESSAGES.providerUnavailable, 502);
}

/** The deposit row, written before pawaPay hears of it; a repeat by its owner is the same deposit. */
export async function saveDeposit(
  db: Pick<Db, 'insert' | 'select'>,
  userId: string,
  request: z.output<typeof ZDepositRequest>,
): Promise<DepositRow> {
  const [inserted] = await db
    .insert(deposits)
    .values({
      depositId: request.depositId,
      userId,
      requestedAmount: providerAmountToNgwee(request.amount),
      currency: request.currency,
      country: request.country,
      correspondent: request.correspondent,
      payerPhone: request.payer.address.value,
      customerTimestamp: request.customerTimestamp,
      statementDescription: request.statementDescription,
    })
    .onConflictDoNothing({ target: deposits.depositId })
    .returning();
  if (inserted) return inserted;
  const [existing] = await db.select().from(deposits).where(eq(deposits.depositId, request.depositId));
  const isSameRequest =
    existing?.userId === userId &&
    existing.requestedAmount === providerAmountToNgwee(request.amount) &&
    existing.correspondent === request.correspondent &&
    existing.payerPhone === request.payer.address.value;
  if (!existing || !isSameRequest) throw new AppError('CONFLICT', WALLET_MESSAGES.depositIdTaken, 409);
  return existing;
}

/**
 * Asks pawaPay about a deposit and applies its answer; the deposit as we now know it.
 * checked_at is the reconciliation's "asked lately": a deposit pawaPay does not know is
 * marked only by the reconciliation (`isReconciling`), which closes it once it was never
 * received; the wallet's poll every few seconds must not keep it from doing so.
 */
export async function refreshDeposit(
  options: Dependencies & { depositId: string; isReconciling?: boolean },
): Promise<DepositRow | null> {
  const { db, pawapay, log, depositId } = options;
  const reported = await pawapay.getDeposit(depositId);
  if (!reported) {
    if (options.isReconciling) {
      await db.update(deposits).set({ checkedAt: new Date() }).where(eq(deposits.depositId, depositId));
    }
    return findDeposit(db, depositId);
  }
  const { deposit } = await settleDeposit(db, reported, log);
  if (deposit && !isSettled(deposit)) {
    await db.update(deposits).set({ checkedAt: new Date() }).where(eq(deposits.depositId, depositId));
  }
  return deposit;
}

/**
 * The person's own deposit in pawaPay's shape, after asking pawaPay when it is not final.
 * Another person's deposit is 404, as if it did not exist.
 */
export async function readDepositStatus(
  options: Dependencies & { userId: string; depositId: string },
): Promise<TDeposit> {
  const own = await findOwnDeposit(options.db, options.userId, options.depositId);
  if (isSettled(own)) return toDepositView(own);
  try {
    const refreshed = await refreshDeposit(options);
    return toDepositView(refreshed ?? own);
  } catch (error) {
    if (!(error instanceof PawapayUnavailableError)) throw error;
    // The person sees the last known status and asks again in 10 s.
    options.log.warn({ err: error, depositId: own.depositId }, 'deposit status unanswered');
    return toDepositView(own);
  }
}

export async function resendDepositCallback(
  options: Dependencies & { userId: string; depositId: string },
): Promise<{ depositId: string; status: 'ACCEPTED' | 'REJECTED' }> {
  const own = await findOwnDeposit(options.db, options.userId, options.depositId);
  try {
    const answer = await options.pawapay.resendDepositCallback(own.depositId);
    return { depositId: own.depositId, status: answer.status };
  } catch (error) {
    if (error instanceof PawapayUnavailableError) {
      throw new AppError('PROVIDER_UNAVAILABLE', WALLET_MESSAGES.providerUnavailable, 502);
    }
    throw error;
  }
}

async function findDeposit(db: Db, depositId: string): Promise<DepositRow | null> {
  const [row] = await db.select().from(deposits).where(eq(deposits.depositId, depositId));
  return row ?? null;
}

async function findOwnDeposit(db: Db, userId: string, depositId: string): Promise<DepositRow> {
  const row = await findDeposit(db, depositId);
  if (!row || row.userId !== userId) throw new AppError('NOT_FOUND', WALLET_MESSAGES.depositNotFound, 404);
  return row;
}

function rejectionOf(row: DepositRow) {
  return { rejectionCode: row.failureCode ?? 'REJECTED', rejectionMessage: row.failureMessage ?? '' };
}

export function toDepositView(row: DepositRow): TDeposit {
  const failure = row.failureCode
    ? { failureCode: row.failureCode, failureMessage: row.failureMessage ?? '' }
    : undefined;
  return {
    depositId: row.depositId,
    status: row.status,
    requestedAmount: ngweeToProviderAmount(row.requestedAmount),
    ...(row.depositedAmount ? { depositedAmount: ngweeToProviderAmount(row.depositedAmount) } : {}),
    currency: row.currency,
    country: row.country,
    correspondent: row.correspondent,
    payer: { type: 'MSISDN', address: { value: row.payerPhone } },
    customerTimestamp: row.customerTimestamp,
    statementDescription: row.statementDescription,
    created: row.providerCreatedAt ?? row.createdAt.toISOString(),
    ...(row.status === 'REJECTED'
      ? { rejectionReason: rejectionOf(row) }
      : failure
        ? { failureReason: failure }
        : {}),
  };
}
