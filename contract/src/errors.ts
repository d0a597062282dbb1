import { z } from 'zod';

/** The body of every failed API answer: a message a person can read and a stable code for programs. */
export const ZErrorResponse = z
  .object({
    success: z.literal(false),
    message: z.string(),
    code: z.string(),
  })
  .meta({ id: 'ErrorResponse' });
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
