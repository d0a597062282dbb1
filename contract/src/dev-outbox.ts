import { z } from 'zod';

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
