import { depositRoutes } from '@stagepass/contract/wallet';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { registerPawapayCallbackRoute } from '../providers/pawapay/register-callback-route.ts';
import { createDepositCallbackReceiver } from './deposit-callbacks.ts';

/** pawaPay's deposit callback (deposit-callbacks.ts says what counts). */
export async function registerDepositCallbackRoute(
  app: FastifyInstance,
  { log }: { log: Pick<FastifyBaseLogger, 'warn' | 'error'> },
): Promise<void> {
  const { db, pawapay, config } = app;
  const receive = createDepositCallbackReceiver({
    db,
    pawapay,
    log,
    signedCallbacks: config.pawapay.signedCallbacks,
  });
  await registerPawapayCallbackRoute(app, depositRoutes.receiveDepositCallback, receive);
}
