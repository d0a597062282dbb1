import { ZSessionUserResponse, ZSetAccountTypeRequest } from '@stagepass/contract/auth';
import { ZErrorResponse } from '@stagepass/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireCurrentSession } from '../../plugins/session.ts';
import { describeSessionUser } from '../auth/session-user.service.ts';
import { setAccountType } from './account-type.service.ts';

export async function registerUserRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.put(
    '/api/users/account-type',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Choose fan or creator (and a creator category)',
        body: ZSetAccountTypeRequest,
        response: {
          200: ZSessionUserResponse,
          400: ZErrorResponse,
          401: ZErrorResponse,
          403: ZErrorResponse,
          409: ZErrorResponse,
        },
      },
    },
    async (request) => {
      const current = await requireCurrentSession(request);
      const user = await setAccountType({ db: app.db, userId: current.user.id, ...request.body });
      return { success: true as const, user: await describeSessionUser(app.db, { ...current, user }) };
    },
  );
}
