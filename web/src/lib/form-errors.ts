import { ApiError } from './api-client';

/**
 * The form field a VALIDATION_ERROR is about (the first key of the field's path the server
 * names: 'country' for 'country.code') and the message to show under it. Null when the
 * failure is not about one field.
 */
export function readInvalidField(error: unknown): { field: string; text: string } | null {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR' || !error.field) return null;
  const [field = error.field] = error.field.split('.');
  return { field, text: error.message };
}
