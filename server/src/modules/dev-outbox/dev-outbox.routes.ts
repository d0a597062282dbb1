import { devOutboxRoutes } from '@stagepass/contract/dev-outbox';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { listDevOutbox } from '../../lib/mail/dev-outbox.ts';
import { isLoopbackAddress } from '../../lib/network.ts';
import { registerRoute } from '../../lib/register-route.ts';

/**
 * Registered only outside production: lets a developer (and the browser tests) read mail.
 * The outbox holds sign-in codes and reset links, so even a development server that was
 * started on a public interface by mistake answers it only to this machine.
 */
export async function registerDevOutboxRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, devOutboxRoutes.getDevOutbox, async (request) => {
    if (!isLoopbackAddress(request.ip)) {
      throw new AppError('FORBIDDEN', 'The dev outbox can only be read from the machine the server runs on.');
    }
    return { messages: await listDevOutbox(app.db, request.query.to) };
  });
}
