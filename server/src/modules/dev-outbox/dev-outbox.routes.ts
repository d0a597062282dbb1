import { ZGetDevOutboxRequest, ZGetDevOutboxResponse } from '@stagepass/contract/dev-outbox';
import { ZErrorResponse } from '@stagepass/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { listDevOutbox } from '../../lib/mail/dev-outbox.ts';
import { isLoopbackAddress } from '../../lib/network.ts';

/**
 * Registered only outside production: lets a developer (and the browser tests) read mail.
 * The outbox holds sign-in codes and reset links, so even a development server that was
 * started on a public interface by mistake answers it only to this machine.
 */
export async function registerDevOutboxRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/dev/outbox',
    {
      schema: {
        summary: 'Mail kept in the development outbox for one address, newest first (not in production)',
        tags: ['development'],
        querystring: ZGetDevOutboxRequest,
        response: { 200: ZGetDevOutboxResponse, 400: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request) => {
      if (!isLoopbackAddress(request.ip)) {
        throw new AppError(
          'FORBIDDEN',
          'The dev outbox can only be read from the machine the server runs on.',
        );
      }
      return { messages: await listDevOutbox(app.db, request.query.to) };
    },
  );
}
