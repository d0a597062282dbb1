import { PAYOUT_MESSAGES } from '@stagepass/contract/payouts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * A creator's choice to have their earnings paid out by themselves (the session view's
 * autoPayout.enabled). The payouts themselves are money's (money/payouts/auto-payouts.ts).
 */
export async function setAutoPayout(options: {
  db: Db;
  user: { id: string; role: string | null };
  enabled: boolean;
}): Promise<{ enabled: boolean; message: string }> {
  if (options.user.role !== 'creator') throw new AppError('FORBIDDEN', PAYOUT_MESSAGES.onlyCreators, 403);
  await options.db
    .update(users)
    .set({ isAutoPayoutEnabled: options.enabled, updatedAt: new Date() })
    .where(eq(users.id, options.user.id));
  return {
    enabled: options.enabled,
    message: options.enabled ? PAYOUT_MESSAGES.autoPayoutOn : PAYOUT_MESSAGES.autoPayoutOff,
  };
}
