import { walletRoutes } from '@stagepass/contract/wallet';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../../lib/register-route.ts';
import { createTopupLimitsReader, readWallet } from './wallet.service.ts';

export async function registerWalletRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const readTopupLimits = createTopupLimitsReader(app.pawapay);

  registerRoute(app, walletRoutes.getWallet, async (request, _reply, { user }) => {
    return readWallet({ db, userId: user.id, isCreator: user.role === 'creator', ...request.query });
  });

  registerRoute(app, walletRoutes.getTopupLimits, async () => ({
    success: true as const,
    limits: await readTopupLimits(),
  }));
}
