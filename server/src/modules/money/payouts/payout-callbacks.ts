import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { payouts } from '../../../db/schema/index.ts';
import { createCallbackReceiver } from '../providers/pawapay/callback-verifier.ts';
import { ZPawapayPayout } from '../providers/pawapay/pawapay-api.ts';
import type { PawapayClient } from '../providers/pawapay/pawapay-client.ts';
import { refreshPayout } from './payouts.service.ts';
import { isPayoutSettled, settlePayout } from './settle-payout.ts';

/** Our payoutIds are UUIDs: anything else is not about one of our payouts. */
const ZCallbackPayout = ZPawapayPayout.extend({ payoutId: z.uuid() });

/**
 * pawaPay's payout callback, proven as a deposit's is (createCallbackReceiver): signed, the
 * body is pawaPay's word; unsigned, it only names a payout of ours still open, whose status is
 * then read from pawaPay. Applying it twice moves nothing twice (settle-payout.ts).
 */
export function createPayoutCallbackReceiver(options: {
  db: Db;
  pawapay: PawapayClient;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  signedCallbacks: boolean;
}) {
  const { db, pawapay, log } = options;
  return createCallbackReceiver({
    subject: 'payout',
    pawapay,
    log,
    signedCallbacks: options.signedCallbacks,
    schema: ZCallbackPayout,
    apply: async (report) => (await settlePayout(db, report, log)).payout !== null,
    recheck: async ({ payoutId }) => {
      const [ours] = await db.select().from(payouts).where(eq(payouts.payoutId, payoutId));
      if (!ours) return false;
      if (!isPayoutSettled(ours)) await refreshPayout({ db, pawapay, log, payoutId, resend: false });
      return true;
    },
  });
}
