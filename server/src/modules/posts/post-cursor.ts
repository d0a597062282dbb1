import { POST_MESSAGES, ZPostId } from '@stagepass/contract/posts';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { decodeKeysetCursor, encodeKeysetCursor, ZKeysetTime } from '../../lib/keyset-cursor.ts';

/**
 * Every post list is newest first on (created_at desc, id desc). Its cursor is the last
 * post's key as base64url JSON, opaque to clients. The time keeps PostgreSQL's microseconds
 * (read as text in SQL): a JavaScript Date would round them to milliseconds, and posts
 * between the rounded and the real time would be skipped.
 */
export type PostCursor = { at: string; id: string };

const ZCursor = z.object({
  at: ZKeysetTime,
  id: ZPostId,
});

export function encodePostCursor(cursor: PostCursor): string {
  return encodeKeysetCursor(cursor);
}

/** Absent or '0' is the first page (null); anything else must be a cursor this server made. */
export function decodePostCursor(text: string | undefined): PostCursor | null {
  return decodeKeysetCursor(
    text,
    ZCursor,
    () => new AppError('INVALID_CURSOR', POST_MESSAGES.invalidCursor, 400),
  );
}
