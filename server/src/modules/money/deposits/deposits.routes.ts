import { depositRoutes } from '@stagepass/contract/wallet';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../../lib/register-route.ts';
import { limitPerSignedInAccount } from '../../../plugins/rate-limits.ts';
import { registerDepositCallbackRoute } from './deposit-callbacks.routes.ts';
import { registerDepositReconciliation } from './deposit-reconciliation.ts';
import { readDepositStatus, resendDepositCallback, startDeposit } from './deposits.service.ts';

// A person tops up a few times a day; the status is polled every 10 s per open panel.
const DEPOSITS_PER_ACCOUNT = { max: 20, timeWindow: '10 minutes' };
const STATUS_CHECKS_PER_ACCOUNT = { max: 120, timeWindow: '1 minute' };

/** The spec's proxy paths for pawaPay deposits, and pawaPay's callback (docs/decisions/009-deposits.md). */
export async function registerDepositRoutes(app: FastifyInstance): Promise<void> {
  const { db, pawapay } = app;
  const log = app.log.child({ module: 'deposits' });
  const limitDeposits = limitPerSignedInAccount(app, 'deposit', DEPOSITS_PER_ACCOUNT);
  const limitStatusChecks = limitPerSignedInAccount(app, 'deposit-status', STATUS_CHECKS_PER_ACCOUNT);

  registerRoute(
    app,
    depositRoutes.startDeposit,
    async (request, _reply, { user }) => {
      const result = await startDeposit({ db, pawapay, log, userId: user.id, request: request.body });
      return { success: true as const, result };
    },
    { preHandler: limitDeposits },
  );

  registerRoute(
    app,
    depositRoutes.getDepositStatus,
    async (request, _reply, { user }) => {
      const { depositId } = request.params;
      const deposit = await readDepositStatus({ db, pawapay, log, userId: user.id, depositId });
      return { success: true as const, result: [deposit] };
    },
    { preHandler: limitStatusChecks },
  );

  registerRoute(
    app,
    depositRoutes.resendDepositCallback,
    async (request, _reply, { user }) => {
      const depositId = request.params.id;
      const result = await resendDepositCallback({ db, pawapay, log, userId: user.id, depositId });
      return { success: true as const, result };
    },
    { preHandler: limitStatusChecks },
  );

  await registerDepositCallbackRoute(app, { log });
  registerDepositReconciliation(app);
}
