import { ZErrorResponse } from '@stagepass/contract/errors';
import {
  ZBlockedAccountsPage,
  ZBlockedAccountsQuery,
  ZUnblockResponse,
  ZUserIdParams,
} from '@stagepass/contract/profiles';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { limitPerSignedInAccount } from '../../plugins/rate-limits.ts';
import { requireCurrentSession } from '../../plugins/session.ts';
import { listBlockedAccounts, unblockAccount } from './blocks.service.ts';

const tags = ['profiles'];
// Generous: someone clearing a long list unblocks one row after another.
const UNBLOCKS_PER_HOUR = 100;

/** The signed-in person's blocks: the settings list and Unblock. Blocking is POST …/report. */
export async function registerBlockRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  app.get(
    '/api/blocks',
    {
      schema: {
        tags,
        summary: 'The accounts the signed-in person blocked, newest block first',
        description: 'Keyset-paged: pass nextCursor as cursor for the next page; null at the end.',
        querystring: ZBlockedAccountsQuery,
        response: { 200: ZBlockedAccountsPage, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request) => {
      const { user } = await requireCurrentSession(request);
      return listBlockedAccounts({ db, blockerId: user.id, ...request.query });
    },
  );

  // Per account, like the report (and block) route: one account, not one address, is what
  // a script toggling blocks would be.
  const limitUnblocksPerAccount = limitPerSignedInAccount(app, 'unblock', {
    max: UNBLOCKS_PER_HOUR,
    timeWindow: '1 hour',
  });

  app.delete(
    '/api/blocks/:userId',
    {
      schema: {
        tags,
        summary: 'Unblock an account the signed-in person blocked (idempotent)',
        description:
          "Removes only the signed-in person's own block; a block the other account made stays. " +
          'Answers the same when there was no block; 404 when no account has this id.',
        params: ZUserIdParams,
        response: {
          200: ZUnblockResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          404: ZErrorResponse,
          429: ZErrorResponse,
        },
      },
      preHandler: limitUnblocksPerAccount,
    },
    async (request) => {
      const { user } = await requireCurrentSession(request);
      return unblockAccount({ db, blockerId: user.id, blockedId: request.params.userId });
    },
  );
}
