import type { TCorrespondent } from '@stagepass/contract/mobile-money';
import { describePayoutFailure, PAYOUT_MESSAGES, type TPayout } from '@stagepass/contract/payouts';
import { ngweeToProviderAmount } from '@stagepass/contract/wallet';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { type PayoutRow, payouts } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/errors.ts';
import { decodeKeysetCursor, encodeKeysetCursor, ZKeysetTime } from '../../../lib/keyset-cursor.ts';
import type { PawapayPayoutInitiationAnswer } from '../providers/pawapay/pawapay-api.ts';
import {
  type PawapayClient,
  PawapayRequestError,
  PawapayUnavailableError,
} from '../providers/pawapay/pawapay-client.ts';
import { applyPayoutReport, isPayoutSettled, settlePayout } from './settle-payout.ts';

/**
 * A saved payout's life with pawaPay (decision 019): sent from its row (request-payout.ts
 * saved it and reserved its amount), asked about again when an answer is lost, read,
 * cancelled while ENQUEUED, and listed. Nothing is paid out or given back except through
 * settle-payout.ts.
 */

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;
export type PayoutDependencies = { db: Db; pawapay: PawapayClient; log: Log };

export type PayoutRules = {
  minimum: number;
  earningsHoldHours: number;
  /** The operator's largest payout now (pawaPay's active configuration), in ngwee, if known. */
  readMaximum: (correspondent: TCorrespondent) => Promise<number | undefined>;
  /** The operator's state for payouts now, if known. */
  readAvailability: (
    correspondent: TCorrespondent,
  ) => Promise<'OPERATIONAL' | 'DELAYED' | 'CLOSED' | undefined>;
};

/**
 * Sends a saved payout to pawaPay, from its row, so a repeat sends exactly what was sent
 * first (pawaPay answers DUPLICATE_IGNORED: never a second payout). A lost answer is not
 * guessed at: the payout is asked about, and left to the reconciliation job if need be.
 */
export async function sendPayout(options: PayoutDependencies, row: PayoutRow): Promise<PayoutRow> {
  let answer: PawapayPayoutInitiationAnswer;
  try {
    answer = await options.pawapay.initiatePayout(toPawapayRequest(row));
  } catch (error) {
    if (error instanceof PawapayUnavailableError) {
      options.log.warn({ err: error, payoutId: row.payoutId }, 'payout initiation unanswered: re-checking');
      return (
        (await refreshPayout({ ...options, payoutId: row.payoutId, resend: false }).catch(() => row)) ?? row
      );
    }
    if (!(error instanceof PawapayRequestError)) throw error;
    options.log.error({ err: error, payoutId: row.payoutId }, 'pawaPay refused a payout request');
    answer = {
      payoutId: row.payoutId,
      status: 'REJECTED',
      rejectionReason: {
        rejectionCode: 'INVALID_REQUEST',
        rejectionMessage: 'The provider refused the request.',
      },
    };
  }
  return applyInitiationAnswer(options, row, answer);
}

export async function applyInitiationAnswer(
  options: PayoutDependencies,
  row: PayoutRow,
  answer: PawapayPayoutInitiationAnswer,
): Promise<PayoutRow> {
  const report =
    answer.status === 'REJECTED'
      ? {
          status: 'REJECTED' as const,
          failureCode: answer.rejectionReason?.rejectionCode ?? 'REJECTED',
          failureMessage: answer.rejectionReason?.rejectionMessage ?? '',
        }
      : // DUPLICATE_IGNORED: a retry pawaPay already took; it has it.
        { status: answer.status === 'ENQUEUED' ? ('ENQUEUED' as const) : ('ACCEPTED' as const) };
  const { payout } = await applyPayoutReport(
    options.db,
    row.payoutId,
    { ...report, providerCreatedAt: answer.created },
    options.log,
  );
  return payout ?? row;
}

export function toPawapayRequest(row: PayoutRow) {
  return {
    payoutId: row.payoutId,
    amount: ngweeToProviderAmount(row.amount),
    currency: row.currency,
    country: row.country,
    correspondent: row.correspondent,
    recipient: { type: 'MSISDN' as const, address: { value: row.recipientPhone } },
    customerTimestamp: row.customerTimestamp,
    statementDescription: row.statementDescription,
  };
}

/** Younger payouts unknown to pawaPay may still be in their first request's hands. */
const RESEND_GRACE_MS = 60_000;

/**
 * Asks pawaPay about a payout and applies its answer. One pawaPay does not know is sent
 * again (with `resend`, once past a grace period): the same payoutId, so at most one payout.
 */
export async function refreshPayout(
  options: PayoutDependencies & { payoutId: string; resend: boolean; now?: Date },
): Promise<PayoutRow | null> {
  const { db, pawapay, log, payoutId } = options;
  const reported = await pawapay.getPayout(payoutId);
  if (reported) {
    const { payout } = await settlePayout(db, reported, log);
    if (payout && !isPayoutSettled(payout)) await markChecked(db, payoutId);
    return payout;
  }
  const row = await findPayout(db, payoutId);
  if (!row) return null;
  const isUnknownToProvider = row.status === 'INITIATED';
  // checked_at is the reconciliation's "asked lately": a read that may not re-send (the
  // creator's page polls every 3 s) leaves it alone for a payout pawaPay never received,
  // or the polling would keep that payout from ever being re-sent.
  if (options.resend || !isUnknownToProvider) await markChecked(db, payoutId);
  const now = options.now ?? new Date();
  if (options.resend && isUnknownToProvider && now.getTime() - row.createdAt.getTime() > RESEND_GRACE_MS) {
    return sendPayout(options, row);
  }
  return row;
}

async function markChecked(db: Db, payoutId: string): Promise<void> {
  await db.update(payouts).set({ checkedAt: new Date() }).where(eq(payouts.payoutId, payoutId));
}

async function findPayout(db: Db, payoutId: string): Promise<PayoutRow | null> {
  const [row] = await db.select().from(payouts).where(eq(payouts.payoutId, payoutId));
  return row ?? null;
}

async function findOwnPayout(db: Db, creatorId: string, payoutId: string): Promise<PayoutRow> {
  const row = await findPayout(db, payoutId);
  if (!row || row.userId !== creatorId) throw new AppError('NOT_FOUND', PAYOUT_MESSAGES.notFound, 404);
  return row;
}

/** The creator's payout as it is now, asking pawaPay first while it is not final. */
export async function readPayout(
  options: PayoutDependencies & { creatorId: string; payoutId: string },
): Promise<TPayout> {
  const own = await findOwnPayout(options.db, options.creatorId, options.payoutId);
  if (isPayoutSettled(own)) return toPayoutView(own);
  try {
    return toPayoutView((await refreshPayout({ ...options, resend: false })) ?? own);
  } catch (error) {
    if (!(error instanceof PawapayUnavailableError)) throw error;
    options.log.warn({ err: error, payoutId: own.payoutId }, 'payout status unanswered');
    return toPayoutView(own);
  }
}

/** Cancels a payout waiting ENQUEUED for its operator; its amount is available again once FAILED. */
export async function cancelPayout(
  options: PayoutDependencies & { creatorId: string; payoutId: string },
): Promise<TPayout> {
  let own = await findOwnPayout(options.db, options.creatorId, options.payoutId);
  if (own.status !== 'ENQUEUED') {
    own = (await refreshPayout({ ...options, resend: false }).catch(() => own)) ?? own;
  }
  if (own.status !== 'ENQUEUED') throw new AppError('CONFLICT', PAYOUT_MESSAGES.notCancellable, 409);
  try {
    await options.pawapay.failEnqueuedPayout(own.payoutId);
  } catch (error) {
    if (error instanceof PawapayUnavailableError) {
      throw new AppError('PROVIDER_UNAVAILABLE', PAYOUT_MESSAGES.providerUnavailable, 502);
    }
    throw error;
  }
  const after = (await refreshPayout({ ...options, resend: false })) ?? own;
  if (after.status === 'ENQUEUED') throw new AppError('CONFLICT', PAYOUT_MESSAGES.notCancellable, 409);
  return toPayoutView(after);
}

const ZPayoutCursor = z.tuple([ZKeysetTime, z.uuid()]);

export async function listPayouts(options: {
  db: Db;
  creatorId: string;
  cursor?: string;
  limit: number;
}): Promise<{ payouts: TPayout[]; nextCursor: string | null }> {
  const { db, creatorId, limit } = options;
  const after = decodeKeysetCursor(
    options.cursor,
    ZPayoutCursor,
    () => new AppError('VALIDATION_ERROR', 'The cursor is not one this list made.', 400, 'cursor'),
  );
  const sortTime = sql<string>`to_char(${payouts.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  const rows = await db
    .select({ payout: payouts, sortTime })
    .from(payouts)
    .where(
      and(
        eq(payouts.userId, creatorId),
        after
          ? or(
              lt(payouts.createdAt, sql`${after[0]}::timestamptz`),
              and(eq(payouts.createdAt, sql`${after[0]}::timestamptz`), lt(payouts.payoutId, after[1])),
            )
          : undefined,
      ),
    )
    .orderBy(desc(payouts.createdAt), desc(payouts.payoutId))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    payouts: page.map((row) => toPayoutView(row.payout)),
    nextCursor:
      rows.length > limit && last ? encodeKeysetCursor([last.sortTime, last.payout.payoutId]) : null,
  };
}

export function toPayoutView(row: PayoutRow): TPayout {
  const hasFailed = row.status === 'FAILED' || row.status === 'REJECTED';
  return {
    payoutId: row.payoutId,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    correspondent: row.correspondent,
    phone: row.recipientPhone,
    automatic: row.isAutomatic,
    failureCode: hasFailed ? (row.failureCode ?? 'OTHER_ERROR') : null,
    failureReason: hasFailed ? describePayoutFailure(row.failureCode) : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
