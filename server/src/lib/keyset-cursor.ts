import type { z } from 'zod';
import type { AppError } from './errors.ts';

/**
 * The cursor of a keyset-paged list: the last row's sort key as base64url JSON, opaque to
 * clients. Every list validates it with its own schema, since anyone can send anything.
 */
export function encodeKeysetCursor(key: unknown): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/**
 * Absent, '' or '0' is the first page (null); anything else must be a cursor the list made,
 * else `refusal` (a 400 in the list's words) is thrown.
 */
export function decodeKeysetCursor<Schema extends z.ZodType>(
  text: string | undefined,
  schema: Schema,
  refusal: () => AppError,
): z.infer<Schema> | null {
  if (text === undefined || text === '' || text === '0') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const cursor = schema.safeParse(parsed);
  if (!cursor.success) throw refusal();
  return cursor.data;
}
