import {
  formatZambianPhone,
  MOBILE_MONEY_MESSAGES,
  OPERATORS,
  predictOperator,
  type TCorrespondent,
} from '@stagepass/contract/mobile-money';
import {
  PAYOUT_MESSAGES,
  PAYOUT_STATEMENT_DESCRIPTION,
  type TPayout,
  type ZPayoutRequest,
} from '@stagepass/contract/payouts';
import { COUNTRY, CURRENCY } from '@stagepass/contract/wallet';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { ledgerAccounts, type PayoutRow, payouts } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/errors.ts';
import {
  ensureEarningsAccount,
  ensurePlatformAccountsOnce,
  InsufficientFundsError,
  PLATFORM_ACCOUNTS,
  postLedgerTransaction,
} from '../ledger/ledger.service.ts';
import { findPayoutNumber } from '../payment-methods/payment-methods.service.ts';
import { readHeldEarnings } from './earnings.service.ts';
import { type PayoutDependencies, type PayoutRules, sendPayout, toPayoutView } from './payouts.service.ts';
import { payoutReserveReference } from './settle-payout.ts';

/**
 * A creator asks for a payout: the number is theirs or checked against its operator, the
 * amount within the minimum, the operator's maximum and what is available; then the payout
 * is saved and its amount reserved (earnings → payouts_in_flight) in one transaction, under
 * the earnings account's row lock, before pawaPay is called. Ten requests racing on K100
 * reserve K100 at most; the database's never-below-zero check on earnings is the last word.
 */

export async function requestPayout(
  options: PayoutDependencies & {
    rules: PayoutRules;
    creatorId: string;
    request: z.output<typeof ZPayoutRequest>;
    isAutomatic?: boolean;
  },
): Promise<{ payout: TPayout; isNew: boolean }> {
  const { db, creatorId, request, rules } = options;
  const recipient = await chooseRecipient(db, creatorId, request);
  const repeat = await findRepeat(db, creatorId, request, recipient.phone);
  if (repeat) return { payout: toPayoutView(repeat), isNew: false };

  if (request.amount < rules.minimum) {
    throw new AppError('VALIDATION_ERROR', PAYOUT_MESSAGES.amountTooSmall(rules.minimum), 400, 'amount');
  }
  const maximum = await rules.readMaximum(recipient.correspondent);
  if (maximum !== undefined && request.amount > maximum) {
    throw new AppError('VALIDATION_ERROR', PAYOUT_MESSAGES.amountTooLarge(maximum), 400, 'amount');
  }
  if ((await rules.readAvailability(recipient.correspondent)) === 'CLOSED') {
    throw new AppError('OPERATOR_CLOSED', PAYOUT_MESSAGES.operatorClosed, 409);
  }

  const saved = await reserveAndSave(db, {
    payoutId: request.payoutId,
    creatorId,
    amount: request.amount,
    recipient,
    holdHours: rules.earningsHoldHours,
    isAutomatic: options.isAutomatic ?? false,
  });
  if (!saved) {
    // Another request with this payoutId won the race: answer as its repeat.
    const raced = await findRepeat(db, creatorId, request, recipient.phone);
    if (!raced) throw new AppError('CONFLICT', PAYOUT_MESSAGES.payoutIdTaken, 409);
    return { payout: toPayoutView(raced), isNew: false };
  }
  const sent = await sendPayout(options, saved);
  return { payout: toPayoutView(sent), isNew: true };
}

/** The number the creator named (checked against its operator), else their saved one. */
async function chooseRecipient(
  db: Db,
  creatorId: string,
  request: z.output<typeof ZPayoutRequest>,
): Promise<{ phone: string; correspondent: TCorrespondent }> {
  if (!request.phone) {
    const saved = await findPayoutNumber(db, creatorId);
    if (!saved) throw new AppError('VALIDATION_ERROR', PAYOUT_MESSAGES.noNumber, 400, 'phone');
    return saved;
  }
  const operator = predictOperator(request.phone);
  if (!operator) throw new AppError('VALIDATION_ERROR', MOBILE_MONEY_MESSAGES.operatorUnknown, 400, 'phone');
  if (request.correspondent && request.correspondent !== operator.correspondent) {
    throw new AppError(
      'VALIDATION_ERROR',
      `This is an ${operator.name} number, not ${OPERATORS[request.correspondent].name}.`,
      400,
      'correspondent',
    );
  }
  return { phone: request.phone, correspondent: operator.correspondent };
}

/** The same payout asked again (a retry) is answered as it stands; another body under its id is 409. */
async function findRepeat(
  db: Db,
  creatorId: string,
  request: z.output<typeof ZPayoutRequest>,
  phone: string,
): Promise<PayoutRow | null> {
  const [existing] = await db.select().from(payouts).where(eq(payouts.payoutId, request.payoutId));
  if (!existing) return null;
  const isSameRequest =
    existing.userId === creatorId && existing.amount === request.amount && existing.recipientPhone === phone;
  if (!isSameRequest) throw new AppError('CONFLICT', PAYOUT_MESSAGES.payoutIdTaken, 409);
  return existing;
}

/**
 * Saves the payout and reserves its amount in one transaction, under the earnings account's
 * row lock; null when a payout with this id exists already.
 */
export async function reserveAndSave(
  db: Db,
  payout: {
    payoutId: string;
    creatorId: string;
    amount: number;
    recipient: { phone: string; correspondent: TCorrespondent };
    holdHours: number;
    isAutomatic: boolean;
  },
  /** More to write with the payout, in its transaction (auto-payout's note of the day). */
  alsoInTransaction?: (tx: Db, saved: PayoutRow) => Promise<void>,
): Promise<PayoutRow | null> {
  await ensurePlatformAccountsOnce(db);
  try {
    return await db.transaction(async (tx) => {
      const trx = tx as unknown as Db;
      const earnings = await ensureEarningsAccount(trx, payout.creatorId);
      const [account] = await trx
        .select({ balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.id, earnings))
        .for('update');
      const held = await readHeldEarnings(trx, payout.creatorId, payout.holdHours);
      const available = Math.max(0, (account?.balance ?? 0) - held);
      if (payout.amount > available) {
        throw new AppError(
          'NOT_ENOUGH_EARNINGS',
          PAYOUT_MESSAGES.moreThanAvailable(available),
          409,
          'amount',
        );
      }
      const [saved] = await trx
        .insert(payouts)
        .values({
          payoutId: payout.payoutId,
          userId: payout.creatorId,
          amount: payout.amount,
          currency: CURRENCY,
          country: COUNTRY,
          correspondent: payout.recipient.correspondent,
          recipientPhone: payout.recipient.phone,
          customerTimestamp: new Date().toISOString(),
          statementDescription: PAYOUT_STATEMENT_DESCRIPTION,
          isAutomatic: payout.isAutomatic,
        })
        .onConflictDoNothing({ target: payouts.payoutId })
        .returning();
      if (!saved) return null;
      await postLedgerTransaction(trx, {
        kind: 'payout-reserved',
        reference: payoutReserveReference(saved.payoutId),
        description: `Payout to ${formatZambianPhone(saved.recipientPhone)}`,
        lines: [
          { accountId: earnings, amount: -saved.amount },
          { accountId: PLATFORM_ACCOUNTS.payoutsInFlight, amount: saved.amount },
        ],
      });
      await alsoInTransaction?.(trx, saved);
      return saved;
    });
  } catch (error) {
    // The lock makes this rare; the database's own check is the last word.
    if (error instanceof InsufficientFundsError) {
      throw new AppError('NOT_ENOUGH_EARNINGS', PAYOUT_MESSAGES.moreThanAvailable(0), 409, 'amount');
    }
    throw error;
  }
}
