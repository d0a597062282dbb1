import { ZHealthResponse } from '@stagepass/contract/health';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkHealth } from './health.service.ts';

export async function registerHealthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        summary: 'Whether the server, its database and its media store work',
        tags: ['system'],
        response: { 200: ZHealthResponse, 503: ZHealthResponse },
      },
    },
    async (_request, reply) => {
      const health = await checkHealth(app);
      return reply.status(health.ok ? 200 : 503).send(health);
    },
  );
}
