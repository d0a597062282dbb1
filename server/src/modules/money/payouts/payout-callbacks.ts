import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { payouts } from '../../../db/schema/index.ts';
import {
  type CallbackAnswer,
  createCallbackVerifier,
  parseCallbackBody,
  type ReceivedCallback,
} from '../providers/pawapay/callback-verifier.ts';
import { ZPawapayPayout } from '../providers/pawapay/pawapay-api.ts';
import type { PawapayClient } from '../providers/pawapay/pawapay-client.ts';
import { refreshPayout } from './payouts.service.ts';
import { isPayoutSettled, settlePayout } from './settle-payout.ts';

/** Our payoutIds are UUIDs: anything else is not about one of our payouts. */
const ZCallbackPayout = ZPawapayPayout.extend({ payoutId: z.uuid() });

const received: CallbackAnswer = { statusCode: 200, message: 'Received.' };
const unknownPayout: CallbackAnswer = { statusCode: 404, message: 'There is no such payout.' };

/**
 * pawaPay's callback with a payout's final status, proven as a deposit's is: with signed
 * callbacks the signature over the raw body must hold (then the body is pawaPay's word);
 * without them the body only names a payout of ours, whose status is then read from
 * pawaPay. Applying it twice moves nothing twice (settle-payout.ts).
 */
export function createPayoutCallbackReceiver(options: {
  db: Db;
  pawapay: PawapayClient;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  signedCallbacks: boolean;
}) {
  const { db, pawapay, log } = options;
  const verify = createCallbackVerifier(pawapay);

  return async function receivePayoutCallback(request: ReceivedCallback): Promise<CallbackAnswer> {
    if (options.signedCallbacks) {
      const verdict = await verify(request);
      if (!verdict.ok) {
        log.warn({ reason: verdict.reason }, 'payout callback refused: bad signature');
        return { statusCode: 401, message: 'The callback signature is not valid.' };
      }
    }
    const parsed = ZCallbackPayout.safeParse(parseCallbackBody(request.body));
    if (!parsed.success) return { statusCode: 400, message: 'The callback is not a payout.' };
    const { payoutId } = parsed.data;

    if (options.signedCallbacks) {
      const { payout } = await settlePayout(db, parsed.data, log);
      return payout ? received : unknownPayout;
    }
    const [ours] = await db.select().from(payouts).where(eq(payouts.payoutId, payoutId));
    if (!ours) return unknownPayout;
    if (isPayoutSettled(ours)) return received;
    await refreshPayout({ db, pawapay, log, payoutId, resend: false });
    return received;
  };
}
