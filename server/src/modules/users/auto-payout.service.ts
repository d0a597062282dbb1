import { PAYOUT_MESSAGES } from '@stagepass/contract/payouts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { findPayoutNumber } from '../money/payment-methods/payment-methods.service.ts';

/**
 * A creator's choice to have their earnings paid out by themselves (the session view's
 * autoPayout.enabled). The payouts themselves are money's (money/payouts/auto-payouts.ts).
 */
export async function setAutoPayout(options: {
  db: Db;
  user: { id: string };
  enabled: boolean;
}): Promise<{ enabled: boolean; message: string }> {
  // On with nowhere to pay to would only say "Skipped" after the day's run.
  if (options.enabled && !(await findPayoutNumber(options.db, options.user.id))) {
    throw new AppError('NO_PAYOUT_NUMBER', PAYOUT_MESSAGES.autoPayoutNeedsNumber, 409, 'enabled');
  }
  await options.db
    .update(users)
    .set({ isAutoPayoutEnabled: options.enabled, updatedAt: new Date() })
    .where(eq(users.id, options.user.id));
  return {
    enabled: options.enabled,
    message: options.enabled ? PAYOUT_MESSAGES.autoPayoutOn : PAYOUT_MESSAGES.autoPayoutOff,
  };
}
