import { z } from 'zod';
import { ZErrorResponse } from './errors.ts';
import { defineRoutes } from './routes.ts';

export const ZGetDevOutboxRequest = z.object({
  to: z.email().describe('The recipient whose messages to list'),
});
export type TGetDevOutboxRequest = z.infer<typeof ZGetDevOutboxRequest>;

export const ZOutboxMessage = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type TOutboxMessage = z.infer<typeof ZOutboxMessage>;

export const ZGetDevOutboxResponse = z
  .object({ messages: z.array(ZOutboxMessage) })
  .meta({ id: 'DevOutboxResponse' });
export type TGetDevOutboxResponse = z.infer<typeof ZGetDevOutboxResponse>;

/** Registered only outside production, and answered only to the machine the server runs on. */
export const devOutboxRoutes = defineRoutes({
  getDevOutbox: {
    method: 'GET',
    path: '/api/dev/outbox',
    audience: 'anyone',
    tags: ['development'],
    summary: 'Mail kept in the development outbox for one address, newest first (not in production)',
    querystring: ZGetDevOutboxRequest,
    response: { 200: ZGetDevOutboxResponse, 400: ZErrorResponse, 403: ZErrorResponse },
  },
});
