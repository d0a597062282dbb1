import { usersRoutes } from '@stagepass/contract/auth';
import { payoutRoutes } from '@stagepass/contract/payouts';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import { describeSessionUser } from '../auth/session-user.service.ts';
import { setAccountType } from './account-type.service.ts';
import { setAutoPayout } from './auto-payout.service.ts';

export async function registerUserRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, usersRoutes.setAccountType, async (request, _reply, current) => {
    const user = await setAccountType({ db: app.db, userId: current.user.id, ...request.body });
    return { success: true as const, user: await describeSessionUser(app.db, { ...current, user }) };
  });

  // The auto-payout switch is a column of the account (the session view shows it); the
  // payouts it makes are money's.
  registerRoute(app, payoutRoutes.setAutoPayout, async (request, _reply, { user }) => {
    const { enabled, message } = await setAutoPayout({ db: app.db, user, enabled: request.body.enabled });
    return { success: true as const, message, autoPayout: { enabled } };
  });
}
