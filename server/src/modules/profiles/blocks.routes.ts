import { blockRoutes } from '@stagepass/contract/profiles';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import { limitPerSignedInAccount } from '../../plugins/rate-limits.ts';
import { listBlockedAccounts, unblockAccount } from './blocks.service.ts';

// Generous: someone clearing a long list unblocks one row after another.
const UNBLOCKS_PER_HOUR = 100;

/** The signed-in person's blocks: the settings list and Unblock. Blocking is POST …/report. */
export async function registerBlockRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  registerRoute(app, blockRoutes.listBlockedAccounts, async (request, _reply, { user }) => {
    return listBlockedAccounts({ db, blockerId: user.id, ...request.query });
  });

  // Per account, like the report (and block) route: one account, not one address, is what
  // a script toggling blocks would be.
  const limitUnblocksPerAccount = limitPerSignedInAccount(app, 'unblock', {
    max: UNBLOCKS_PER_HOUR,
    timeWindow: '1 hour',
  });

  registerRoute(
    app,
    blockRoutes.unblockAccount,
    async (request, _reply, { user }) => {
      return unblockAccount({ db, blockerId: user.id, blockedId: request.params.userId });
    },
    { preHandler: limitUnblocksPerAccount },
  );
}
