import { usersRoutes } from '@stagepass/contract/auth';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import { requireCurrentSession } from '../../plugins/session.ts';
import { describeSessionUser } from '../auth/session-user.service.ts';
import { setAccountType } from './account-type.service.ts';

export async function registerUserRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, usersRoutes.setAccountType, async (request) => {
    const current = await requireCurrentSession(request);
    const user = await setAccountType({ db: app.db, userId: current.user.id, ...request.body });
    return { success: true as const, user: await describeSessionUser(app.db, { ...current, user }) };
  });
}
