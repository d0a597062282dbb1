import { ZErrorResponse } from '@stagepass/contract/errors';
import { ZTopupLimitsResponse, ZWalletQuery, ZWalletResponse } from '@stagepass/contract/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCurrentSession } from '../../../plugins/session.ts';
import { createTopupLimitsReader, readWallet } from './wallet.service.ts';

const tags = ['wallet'];

export async function registerWalletRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app;
  const readTopupLimits = createTopupLimitsReader(app.pawapay);

  app.get(
    '/api/wallet',
    {
      schema: {
        tags,
        summary: "The signed-in person's wallet: balance and statement",
        description:
          'balance.amount and every transaction amount are integer ngwee (ZMW). transactions: top-ups ' +
          'with their status (a failed one shows what was asked) and every other movement of the ' +
          'wallet, newest first; pass nextCursor as cursor for older ones.',
        querystring: ZWalletQuery,
        response: { 200: ZWalletResponse, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    async (request) => {
      const { user } = await requireCurrentSession(request);
      return readWallet({ db, userId: user.id, ...request.query });
    },
  );

  app.get(
    '/api/wallet/topup-limits',
    {
      schema: {
        tags,
        summary: 'The smallest and largest top-up per mobile money operator now, in ngwee',
        description:
          "From pawaPay's active configuration, cached for ten minutes. 502 when pawaPay cannot be asked.",
        response: { 200: ZTopupLimitsResponse, 502: ZErrorResponse },
      },
    },
    async () => ({ success: true as const, limits: await readTopupLimits() }),
  );
}
