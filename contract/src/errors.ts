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

/**
 * The refusals a route that acts for a signed-in person may answer: invalid (400), signed
 * out (401), not allowed (403), missing (404), in conflict (409), too many requests (429).
 */
export const WRITE_REFUSALS = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  429: ZErrorResponse,
};
