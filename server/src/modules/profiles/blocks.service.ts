import { toAvatarAsset } from '@stagepass/contract/media';
import {
  PROFILE_MESSAGES,
  type TBlockedAccountsPage,
  type TUnblockResponse,
} from '@stagepass/contract/profiles';
import { type AnyColumn, and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, readRows } from '../../db/client.ts';
import { blocks, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { decodeKeysetCursor, encodeKeysetCursor, ZKeysetTime } from '../../lib/keyset-cursor.ts';

/**
 * The blocks a person made, as the settings page lists and undoes them. Blocking itself is
 * a kind of report (reports.service.ts). Only the blocker's own row is ever read or removed
 * here: a block the other person made stays, whoever asks.
 */

type BlockedRow = {
  id: string;
  name: string;
  username: string;
  avatar_public_id: string | null;
  /** Text with PostgreSQL's microseconds: a JavaScript Date would round them and skip rows. */
  blocked_at: string;
};

type BlocksCursor = { at: string; id: string };

const ZBlocksCursor = z.object({
  at: ZKeysetTime,
  id: z.string().min(1).max(64),
});

/**
 * One page of the accounts `blockerId` blocked, newest block first, keyset-paged on
 * (created_at, blocked_id) through blocks_blocker_newest read backwards.
 */
export async function listBlockedAccounts(options: {
  db: Db;
  blockerId: string;
  cursor?: string;
  limit: number;
}): Promise<TBlockedAccountsPage> {
  const { db, blockerId, limit } = options;
  const after = decodeBlocksCursor(options.cursor);
  const result = await db.execute(sql`
    select u.id, u.name, u.username, u.avatar_public_id,
           to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as blocked_at
    from ${blocks} as b
    join ${users} as u on u.id = b.blocked_id
    where b.blocker_id = ${blockerId}
      ${after ? sql`and (b.created_at, b.blocked_id) < (${after.at}::timestamptz, ${after.id})` : sql``}
    order by b.created_at desc, b.blocked_id desc
    limit ${limit + 1}`);
  const rows = readRows<BlockedRow>(result);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    success: true,
    accounts: page.map((row) => ({
      _id: row.id,
      name: row.name,
      username: row.username,
      imageAsset: toAvatarAsset(row.avatar_public_id),
      blockedAt: row.blocked_at,
    })),
    nextCursor: rows.length > limit && last ? encodeBlocksCursor({ at: last.blocked_at, id: last.id }) : null,
  };
}

/**
 * Removes the block `blockerId` made on the account, if there is one: unblocking twice
 * answers the same. The profile and its posts show again at once; the follows the block
 * ended stay ended (following again is the person's own choice).
 */
export async function unblockAccount(options: {
  db: Db;
  blockerId: string;
  blockedId: string;
}): Promise<TUnblockResponse> {
  const { db, blockerId, blockedId } = options;
  if (blockedId === blockerId) throw new AppError('VALIDATION_ERROR', PROFILE_MESSAGES.cannotUnblockSelf);
  const [account] = await db.select({ name: users.name }).from(users).where(eq(users.id, blockedId)).limit(1);
  if (!account) throw new AppError('NOT_FOUND', PROFILE_MESSAGES.profileNotFound, 404);
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
  return { success: true, message: PROFILE_MESSAGES.profileUnblocked(account.name) };
}

function encodeBlocksCursor(cursor: BlocksCursor): string {
  return encodeKeysetCursor(cursor);
}

/** Absent or '0' is the first page; anything else must be a cursor this list made. */
function decodeBlocksCursor(text: string | undefined): BlocksCursor | null {
  return decodeKeysetCursor(
    text,
    ZBlocksCursor,
    () => new AppError('INVALID_CURSOR', PROFILE_MESSAGES.invalidBlocksPage, 400),
  );
}

/**
 * "A block stands between the viewer and this author, either way", for use inside another
 * module's query (audio's lists hide blocked creators' tracks as posts do): two probes of
 * the blocks primary key. A signed-out viewer ('' or undefined) is blocked by nobody.
 */
export function blockedEitherWayCondition(
  viewerId: string | undefined,
  authorId: SQL | AnyColumn,
): SQL<boolean> {
  if (!viewerId) return sql<boolean>`false`;
  return blockedEitherWayOf(viewerId, authorId);
}

/**
 * The same for a prepared statement, whose viewer is a placeholder (its text may not depend
 * on whether someone is signed in: a signed-out viewer is '', whom nobody blocks).
 */
export function blockedEitherWayOf(viewer: string | Placeholder, authorId: SQL | AnyColumn): SQL<boolean> {
  return sql<boolean>`(exists (select 1 from ${blocks} where ${blocks.blockerId} = ${viewer} and ${blocks.blockedId} = ${authorId})
    or exists (select 1 from ${blocks} where ${blocks.blockerId} = ${authorId} and ${blocks.blockedId} = ${viewer}))`;
}
