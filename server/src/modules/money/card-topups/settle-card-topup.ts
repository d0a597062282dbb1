import {
  describeCardTopupFailure,
  type TCardTopupFailureCode,
  type TCardTopupStatus,
} from '@stagepass/contract/card-topups';
import { PURCHASE_MESSAGES } from '@stagepass/contract/purchases';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { type CardTopupRow, cardTopups } from '../../../db/schema/index.ts';
import {
  ensurePlatformAccountsOnce,
  ensureWalletAccount,
  PLATFORM_ACCOUNTS,
  postLedgerTransaction,
} from '../ledger/ledger.service.ts';
import type { CardCharge, CardChargeStatus } from '../providers/cards/card-processor.ts';
import { completePurchasesAwaitingTopup, failPurchasesAwaitingTopup } from '../purchases/awaiting-topups.ts';

/**
 * The one door from a card charge to the wallet. Whoever learns a charge's state first —
 * the charge call's answer, the browser back from the bank's check, a status poll, the
 * reconciliation job — calls this: the row is locked, its status only moves forward, and
 * on success the wallet is credited in the same transaction (clearing_card −x, wallet +x,
 * reference card:topup:<id>, a second lock on the same door), with the purchases that
 * waited on it.
 */

/** Our own verdict on a charge the processor never received; a later report of it wins. */
export const NOT_RECEIVED: TCardTopupFailureCode = 'NOT_RECEIVED';

export const cardTopupReference = (topupId: string) => `card:topup:${topupId}`;

const RANK: Record<TCardTopupStatus, number> = {
  processing: 0,
  'requires-action': 1,
  completed: 2,
  failed: 2,
};

/** A top-up whose status can no longer change. */
export function isCardTopupSettled(row: Pick<CardTopupRow, 'status' | 'failureCode'>): boolean {
  return RANK[row.status] === 2 && row.failureCode !== NOT_RECEIVED;
}

const rankOf = (row: CardTopupRow) => (isCardTopupSettled(row) ? 2 : RANK[row.status] % 2);

const FAILURE_OF: Partial<Record<CardChargeStatus, TCardTopupFailureCode>> = {
  declined: 'DECLINED',
  insufficient_funds: 'INSUFFICIENT_FUNDS',
  authentication_failed: 'AUTHENTICATION_REFUSED',
};

/** Where a charge's state puts a top-up. Pure: the unit tests read it as a table. */
export function toCardTopupStatus(status: CardChargeStatus): {
  status: TCardTopupStatus;
  failureCode: TCardTopupFailureCode | null;
} {
  if (status === 'succeeded') return { status: 'completed', failureCode: null };
  if (status === 'requires_action') return { status: 'requires-action', failureCode: null };
  return { status: 'failed', failureCode: FAILURE_OF[status] ?? 'DECLINED' };
}

export type CardTopupSettlement = { topup: CardTopupRow | null; credited: boolean };

export async function settleCardTopup(
  db: Db,
  charge: CardCharge,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): Promise<CardTopupSettlement> {
  await ensurePlatformAccountsOnce(db);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(cardTopups)
      .where(eq(cardTopups.topupId, charge.idempotencyKey))
      .for('update');
    if (!row) return { topup: null, credited: false };
    if (charge.amount !== row.amount || charge.currency !== row.currency) {
      log.error(
        { topupId: row.topupId, chargeId: charge.chargeId },
        'a charge unlike our top-up: not applied',
      );
      return { topup: row, credited: false };
    }
    const next = toCardTopupStatus(charge.status);
    if (RANK[next.status] <= rankOf(row)) {
      if (isCardTopupSettled(row) && next.status !== row.status) {
        log.error(
          { topupId: row.topupId, ours: row.status, theirs: charge.status },
          'a final charge changed',
        );
      }
      return { topup: row, credited: false };
    }
    const now = new Date();
    const [updated] = await tx
      .update(cardTopups)
      .set({
        status: next.status,
        chargeId: charge.chargeId,
        challengeUrl: charge.challengeUrl,
        failureCode: next.failureCode,
        failureReason: next.failureCode && describeCardTopupFailure(next.failureCode),
        completedAt: next.status === 'completed' ? now : null,
        updatedAt: now,
        checkedAt: now,
      })
      .where(eq(cardTopups.topupId, row.topupId))
      .returning();
    const topup = updated ?? row;
    const awaitedTopup = { funding: 'card', topupId: row.topupId } as const;
    if (next.status === 'failed') {
      await failPurchasesAwaitingTopup(tx, awaitedTopup, failedPurchaseReason(next.failureCode));
    }
    if (next.status !== 'completed') return { topup, credited: false };
    if (!row.userId) {
      // The account was deleted while its charge was on the way: support refunds the card.
      log.error({ topupId: row.topupId }, 'a card top-up succeeded for a deleted account: refund it');
      return { topup, credited: false };
    }
    const wallet = await ensureWalletAccount(tx, row.userId);
    const booked = await postLedgerTransaction(tx as unknown as Db, {
      kind: 'topup',
      reference: cardTopupReference(row.topupId),
      description: 'Card topup',
      lines: [
        { accountId: PLATFORM_ACCOUNTS.clearingCard, amount: -row.amount },
        { accountId: wallet, amount: row.amount },
      ],
    });
    if (booked) await completePurchasesAwaitingTopup(tx as unknown as Db, awaitedTopup);
    return { topup, credited: booked !== null };
  });
}

/** A purchase failed by its card: the card's reason, when there is one worth more than the generic. */
function failedPurchaseReason(code: TCardTopupFailureCode | null): string {
  return code
    ? `${describeCardTopupFailure(code)} ${PURCHASE_MESSAGES.topupFailed}`
    : PURCHASE_MESSAGES.topupFailed;
}

/** Closes a top-up the processor never received (no money moved), with its purchases. */
export async function closeUnreceivedCardTopup(db: Db, topupId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [closed] = await tx
      .update(cardTopups)
      .set({
        status: 'failed',
        failureCode: NOT_RECEIVED,
        failureReason: describeCardTopupFailure(NOT_RECEIVED),
        updatedAt: new Date(),
      })
      .where(and(eq(cardTopups.topupId, topupId), eq(cardTopups.status, 'processing')))
      .returning({ status: cardTopups.status });
    if (closed) await failPurchasesAwaitingTopup(tx, { funding: 'card', topupId });
  });
}
