import { ZGetDevOutboxRequest, ZGetDevOutboxResponse } from '@stagepass/contract/dev-outbox';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listDevOutbox } from '../../lib/mail/dev-outbox.ts';

/** Registered only outside production: lets a developer (and the browser tests) read mail. */
export async function registerDevOutboxRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/dev/outbox',
    {
      schema: {
        summary: 'Mail kept in the development outbox for one address, newest first (not in production)',
        tags: ['development'],
        querystring: ZGetDevOutboxRequest,
        response: { 200: ZGetDevOutboxResponse },
      },
    },
    async (request) => ({ messages: await listDevOutbox(app.db, request.query.to) }),
  );
}
