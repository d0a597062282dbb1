import { toAvatarAsset } from '@stagepass/contract/media';
import { SUPPORT_MESSAGES, type TSupportReceived } from '@stagepass/contract/support';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, readRows } from '../../db/client.ts';
import { type PurchaseRow, supports, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { decodeKeysetCursor, encodeKeysetCursor, ZKeysetTime } from '../../lib/keyset-cursor.ts';

/**
 * Support a creator received (issue 24): the record the support purchase's grant keeps
 * (supports, this module's table), and what the creator reads of it. The message is the
 * creator's alone: every read here is by the creator's id.
 */

/** The message a support purchase carries, as its quote kept it in the purchase's details. */
export function supportDetails(message: string | undefined): Record<string, string> {
  return message === undefined ? {} : { message };
}

/**
 * Keeps a paid support purchase's record, inside the transaction that pays it: called once
 * per payment (the booking's reference makes it once), and a repeat writes nothing.
 */
export async function recordSupport(tx: Db, purchase: PurchaseRow): Promise<void> {
  if (!purchase.creatorId) return;
  const message = typeof purchase.details.message === 'string' ? purchase.details.message : null;
  await tx
    .insert(supports)
    .values({
      purchaseId: purchase.id,
      creatorId: purchase.creatorId,
      fanId: purchase.fanId,
      amount: purchase.amount,
      earned: purchase.amount - purchase.fee,
      message: message === '' ? null : message,
    })
    .onConflictDoNothing({ target: supports.purchaseId });
}

type SupportListRow = {
  purchase_id: string;
  amount: string | number;
  earned: string | number;
  message: string | null;
  is_hidden: boolean;
  /** Text with PostgreSQL's microseconds: a JavaScript Date would round them and skip rows. */
  sent_at: string;
  username: string | null;
  name: string | null;
  avatar_public_id: string | null;
};

const ZSupportersCursor = z.tuple([ZKeysetTime, z.uuid()]);

/** The support the creator received, newest first, keyset-paged on supports_creator_newest. */
export async function listSupportReceived(options: {
  db: Db;
  creatorId: string;
  cursor?: string;
  limit: number;
}): Promise<{ supports: TSupportReceived[]; nextCursor: string | null }> {
  const { db, creatorId, limit } = options;
  const after = decodeKeysetCursor(
    options.cursor,
    ZSupportersCursor,
    () => new AppError('INVALID_CURSOR', SUPPORT_MESSAGES.invalidCursor, 400, 'cursor'),
  );
  const rows = readRows<SupportListRow>(
    await db.execute(sql`
      ${selectSupport}
      where s.creator_id = ${creatorId}
        ${after ? sql`and (s.created_at, s.purchase_id) < (${after[0]}::timestamptz, ${after[1]}::uuid)` : sql``}
      order by s.created_at desc, s.purchase_id desc
      limit ${limit + 1}`),
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    supports: page.map(toSupportView),
    nextCursor: rows.length > limit && last ? encodeKeysetCursor([last.sent_at, last.purchase_id]) : null,
  };
}

/** Hides or shows again the message of support the creator received; anyone else's is 404. */
export async function setSupportMessageHidden(options: {
  db: Db;
  creatorId: string;
  supportId: string;
  isHidden: boolean;
}): Promise<TSupportReceived> {
  const { db, creatorId, supportId, isHidden } = options;
  const updated = await db
    .update(supports)
    .set({ messageHiddenAt: isHidden ? sql`coalesce(${supports.messageHiddenAt}, now())` : null })
    .where(and(eq(supports.purchaseId, supportId), eq(supports.creatorId, creatorId)))
    .returning({ purchaseId: supports.purchaseId });
  if (updated.length === 0) throw new AppError('NOT_FOUND', SUPPORT_MESSAGES.notFound, 404);
  const [row] = readRows<SupportListRow>(
    await db.execute(
      sql`${selectSupport} where s.purchase_id = ${supportId} and s.creator_id = ${creatorId}`,
    ),
  );
  if (!row) throw new AppError('NOT_FOUND', SUPPORT_MESSAGES.notFound, 404);
  return toSupportView(row);
}

const selectSupport = sql`
  select s.purchase_id, s.amount, s.earned,
         case when s.message_hidden_at is null then s.message end as message,
         (s.message is not null and s.message_hidden_at is not null) as is_hidden,
         to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sent_at,
         u.username, u.name, u.avatar_public_id
  from ${supports} as s
  left join ${users} as u on u.id = s.fan_id`;

function toSupportView(row: SupportListRow): TSupportReceived {
  return {
    supportId: row.purchase_id,
    fan:
      row.username === null
        ? null
        : { username: row.username, name: row.name ?? '', imageAsset: toAvatarAsset(row.avatar_public_id) },
    amount: Number(row.amount),
    earned: Number(row.earned),
    sentAt: row.sent_at,
    message: row.message,
    isMessageHidden: row.is_hidden,
  };
}
