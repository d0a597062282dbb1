import { z } from 'zod';
import { defineRoutes } from './routes.ts';

export const ZHealthResponse = z
  .object({
    ok: z.boolean(),
    db: z.enum(['pglite', 'postgres']),
    store: z.object({ kind: z.enum(['local', 's3']), ok: z.boolean() }),
    version: z.string(),
  })
  .meta({ id: 'HealthResponse' });
export type THealthResponse = z.infer<typeof ZHealthResponse>;

export const healthRoutes = defineRoutes({
  getHealth: {
    method: 'GET',
    path: '/api/health',
    audience: 'anyone',
    tags: ['system'],
    summary: 'Whether the server, its database and its media store work',
    response: { 200: ZHealthResponse, 503: ZHealthResponse },
  },
});
