import { healthRoutes } from '@stagepass/contract/health';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/register-route.ts';
import { checkHealth } from './health.service.ts';

export async function registerHealthRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, healthRoutes.getHealth, async (_request, reply) => {
    const health = await checkHealth(app);
    return reply.status(health.ok ? 200 : 503).send(health);
  });
}
