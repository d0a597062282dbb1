import { z } from 'zod';

/** The body of every failed API answer: a message a person can read and a stable code for programs. */
export const ZErrorResponse = z
  .object({
    success: z.literal(false),
    message: z.string(),
    code: z.string(),
    /**
     * With VALIDATION_ERROR: the path of the field the message is about, dotted
     * ('email', 'country.code'), so a form can show the message beside that field.
     */
    field: z.string().optional(),
    /** With INSUFFICIENT_BALANCE: the ngwee the wallet lacks for the purchase. */
    shortfall: z.number().int().optional(),
    /** With INSUFFICIENT_BALANCE and PRICE_CHANGED: the price now, in ngwee. */
    amount: z.number().int().optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
