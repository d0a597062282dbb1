import { depositRoutes } from '@stagepass/contract/wallet';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { deposits } from '../../../db/schema/index.ts';
import {
  type CallbackAnswer,
  createCallbackVerifier,
  parseCallbackBody,
  type ReceivedCallback,
} from '../providers/pawapay/callback-verifier.ts';
import { ZPawapayDeposit } from '../providers/pawapay/pawapay-api.ts';
import type { PawapayClient } from '../providers/pawapay/pawapay-client.ts';
import { refreshDeposit } from './deposits.service.ts';
import { isSettled, settleDeposit } from './settle-deposit.ts';

/** Where pawaPay (and our sandbox) posts a deposit's final status. */
export const DEPOSIT_CALLBACK_PATH = depositRoutes.receiveDepositCallback.path;

/** Our depositIds are UUIDs: anything else is not about one of our deposits. */
const ZCallbackDeposit = ZPawapayDeposit.extend({ depositId: z.uuid() });

/**
 * pawaPay's callback: the final status of a deposit, posted to us, perhaps more than once,
 * perhaps forged. Nothing moves unless it is proven: with signed callbacks the signature
 * over the raw body must hold (and then the body is pawaPay's word); without them the
 * body is only a hint, and pawaPay is asked for the deposit's status.
 * pawaPay counts a delivery only on 200 and retries otherwise; a deposit we do not know
 * (yet) answers 404 so it comes again, and the reconciliation job has it anyway.
 */

const received: CallbackAnswer = { statusCode: 200, message: 'Received.' };
const unknownDeposit: CallbackAnswer = { statusCode: 404, message: 'There is no such deposit.' };

export function createDepositCallbackReceiver(options: {
  db: Db;
  pawapay: PawapayClient;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  signedCallbacks: boolean;
}) {
  const { db, pawapay, log } = options;
  const verify = createCallbackVerifier(pawapay);

  return async function receiveDepositCallback(request: ReceivedCallback): Promise<CallbackAnswer> {
    if (options.signedCallbacks) {
      const verdict = await verify(request);
      if (!verdict.ok) {
        log.warn({ reason: verdict.reason }, 'deposit callback refused: bad signature');
        return { statusCode: 401, message: 'The callback signature is not valid.' };
      }
    }
    const parsed = ZCallbackDeposit.safeParse(parseCallbackBody(request.body));
    if (!parsed.success) return { statusCode: 400, message: 'The callback is not a deposit.' };
    const { depositId } = parsed.data;

    if (options.signedCallbacks) {
      const { deposit } = await settleDeposit(db, parsed.data, log);
      return deposit ? received : unknownDeposit;
    }
    // Unsigned: only a hint. pawaPay is asked only about a deposit of ours still open, so
    // a stranger's callbacks cannot make us spend pawaPay's API on their behalf.
    const [ours] = await db.select().from(deposits).where(eq(deposits.depositId, depositId));
    if (!ours) return unknownDeposit;
    if (isSettled(ours)) return received;
    await refreshDeposit({ db, pawapay, log, depositId });
    return received;
  };
}
