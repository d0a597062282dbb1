import { MEMBER_MESSAGES, memberRoutes } from '@stagepass/contract/members';
import { passRoutes } from '@stagepass/contract/passes';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { registerRoute } from '../../lib/register-route.ts';
import { requireCurrentSession } from '../../plugins/session.ts';
import { listMembers } from './members.service.ts';
import { listPasses, readPassPrices, setAutoRenew } from './passes.service.ts';
import { requireCreator, setPassPrice } from './pricing.service.ts';

export async function registerPassRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const limits = app.config.passPriceLimits;

  registerRoute(app, passRoutes.setPricing, async (request) => {
    const { user } = await requireCurrentSession(request);
    const prices = await setPassPrice({ db, limits, creator: user, ...request.body });
    return { success: true as const, prices };
  });

  registerRoute(app, passRoutes.getPricingLimits, async (request) => {
    const { user } = await requireCurrentSession(request);
    requireCreator(user);
    return { success: true as const, limits, prices: await readPassPrices(db, user.id) };
  });

  registerRoute(app, passRoutes.listPasses, async (request) => {
    const { user } = await requireCurrentSession(request);
    return { success: true as const, passes: await listPasses(db, user.id) };
  });

  registerRoute(app, passRoutes.setAutoRenew, async (request) => {
    const { user } = await requireCurrentSession(request);
    const pass = await setAutoRenew(db, {
      fanId: user.id,
      creatorUsername: request.params.creator,
      enabled: request.body.enabled,
    });
    return { success: true as const, pass };
  });

  registerRoute(app, memberRoutes.listMembers, async (request) => {
    const { user } = await requireCurrentSession(request);
    if (user.role !== 'creator') throw new AppError('FORBIDDEN', MEMBER_MESSAGES.onlyCreators, 403);
    return { success: true as const, ...(await listMembers({ db, creatorId: user.id, ...request.query })) };
  });
}
