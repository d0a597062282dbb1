import { z } from 'zod';

export const ZHealthResponse = z
  .object({
    ok: z.boolean(),
    db: z.enum(['pglite', 'postgres']),
    store: z.object({ kind: z.enum(['local', 's3']), ok: z.boolean() }),
    version: z.string(),
  })
  .meta({ id: 'HealthResponse' });
export type THealthResponse = z.infer<typeof ZHealthResponse>;
