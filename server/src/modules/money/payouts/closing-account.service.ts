import { PAYOUT_MESSAGES } from '@stagepass/contract/payouts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { payouts } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/errors.ts';
import { readAvailableEarnings } from './earnings.service.ts';

/**
 * What money asks of an account about to be deleted (account-settings calls it in the
 * deleting transaction, the person's row locked). A payout on its way could fail after the
 * account is gone and come back to earnings nobody can pay out, so it must end first; and
 * earnings that can be paid out are paid out first. Less than the smallest payout may go
 * with the account: it cannot be paid out anyway.
 */
export async function refuseClosingWithMoneyToPayOut(
  tx: Db,
  options: { userId: string; payoutMinimum: number; earningsHoldHours: number },
): Promise<void> {
  const [open] = await tx
    .select({ payoutId: payouts.payoutId })
    .from(payouts)
    .where(
      and(
        eq(payouts.userId, options.userId),
        inArray(payouts.status, ['INITIATED', 'ACCEPTED', 'ENQUEUED', 'SUBMITTED']),
      ),
    )
    .limit(1);
  if (open) throw new AppError('PAYOUT_ON_ITS_WAY', PAYOUT_MESSAGES.deleteWithPayoutOnItsWay, 409);
  const { balance } = await readAvailableEarnings(tx, options.userId, options.earningsHoldHours);
  if (balance >= options.payoutMinimum) {
    throw new AppError('EARNINGS_TO_PAY_OUT', PAYOUT_MESSAGES.deleteWithEarnings(balance), 409);
  }
}

/** The deleted person's number leaves their (final) payouts: what stays is anonymous. */
export async function forgetPayoutRecipients(tx: Db, userId: string): Promise<void> {
  await tx.update(payouts).set({ recipientPhone: '' }).where(eq(payouts.userId, userId));
}
