import { depositRoutes } from '@stagepass/contract/wallet';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { deposits } from '../../../db/schema/index.ts';
import { createCallbackReceiver } from '../providers/pawapay/callback-verifier.ts';
import { ZPawapayDeposit } from '../providers/pawapay/pawapay-api.ts';
import type { PawapayClient } from '../providers/pawapay/pawapay-client.ts';
import { refreshDeposit } from './deposits.service.ts';
import { isSettled, settleDeposit } from './settle-deposit.ts';

/** Where pawaPay (and our sandbox) posts a deposit's final status. */
export const DEPOSIT_CALLBACK_PATH = depositRoutes.receiveDepositCallback.path;

/** Our depositIds are UUIDs: anything else is not about one of our deposits. */
const ZCallbackDeposit = ZPawapayDeposit.extend({ depositId: z.uuid() });

/**
 * pawaPay's deposit callback, proven before it counts (createCallbackReceiver). Unsigned, it
 * is only a hint: pawaPay is asked only about a deposit of ours still open, so a stranger's
 * callbacks cannot make us spend pawaPay's API on their behalf.
 */
export function createDepositCallbackReceiver(options: {
  db: Db;
  pawapay: PawapayClient;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  signedCallbacks: boolean;
}) {
  const { db, pawapay, log } = options;
  return createCallbackReceiver({
    subject: 'deposit',
    pawapay,
    log,
    signedCallbacks: options.signedCallbacks,
    schema: ZCallbackDeposit,
    apply: async (report) => (await settleDeposit(db, report, log)).deposit !== null,
    recheck: async ({ depositId }) => {
      const [ours] = await db.select().from(deposits).where(eq(deposits.depositId, depositId));
      if (!ours) return false;
      if (!isSettled(ours)) await refreshDeposit({ db, pawapay, log, depositId });
      return true;
    },
  });
}
