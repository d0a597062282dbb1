import { z } from 'zod';
import type { AppError } from './errors.ts';
import { findUnstorableText } from './storable-text.ts';

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
  // A key with a character PostgreSQL cannot take would fail the list's query: no list made it.
  const cursor = schema.safeParse(parsed);
  if (!cursor.success || findUnstorableText(parsed)) throw refusal();
  return cursor.data;
}

/**
 * A cursor's time as the lists write it (PostgreSQL's UTC text with microseconds), and a
 * real instant PostgreSQL takes as a timestamptz: '2024-02-30…' or year 0 would fail the
 * list's query rather than be refused.
 */
export const ZKeysetTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/)
  .refine((text) => {
    const instant = Date.parse(text);
    // A date that rolls over (February 30th, 24:00) comes back as another.
    return (
      !Number.isNaN(instant) &&
      !text.startsWith('0000') &&
      new Date(instant).toISOString().slice(0, 19) === text.slice(0, 19)
    );
  });
