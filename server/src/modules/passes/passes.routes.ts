import { memberRoutes } from '@stagepass/contract/members';
import { passRoutes } from '@stagepass/contract/passes';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import { listMembers } from './members.service.ts';
import { listPasses, readPassPrices, setAutoRenew } from './passes.service.ts';
import { setPassPrice } from './pricing.service.ts';

export async function registerPassRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const limits = app.config.passPriceLimits;

  registerRoute(app, passRoutes.setPricing, async (request, _reply, { user }) => {
    const prices = await setPassPrice({ db, limits, creator: user, ...request.body });
    return { success: true as const, prices };
  });

  registerRoute(app, passRoutes.getPricingLimits, async (_request, _reply, { user }) => {
    return { success: true as const, limits, prices: await readPassPrices(db, user.id) };
  });

  registerRoute(app, passRoutes.listPasses, async (_request, _reply, { user }) => {
    return { success: true as const, passes: await listPasses(db, user.id) };
  });

  registerRoute(app, passRoutes.setAutoRenew, async (request, _reply, { user }) => {
    const pass = await setAutoRenew(db, {
      fanId: user.id,
      creatorUsername: request.params.creator,
      enabled: request.body.enabled,
    });
    return { success: true as const, pass };
  });

  registerRoute(app, memberRoutes.listMembers, async (request, _reply, { user }) => {
    return { success: true as const, ...(await listMembers({ db, creatorId: user.id, ...request.query })) };
  });
}
