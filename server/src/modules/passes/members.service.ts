import { toAvatarAsset } from '@stagepass/contract/media';
import { MEMBER_MESSAGES, type TMember } from '@stagepass/contract/members';
import type { TPassPeriod } from '@stagepass/contract/passes';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, readRows } from '../../db/client.ts';
import { blocks, passes, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { decodeKeysetCursor, encodeKeysetCursor, ZKeysetTime } from '../../lib/keyset-cursor.ts';
import { readSpendByFans } from '../money/purchases/fan-spend.service.ts';
import { countActivePasses } from './passes.service.ts';

/**
 * A creator's members list (issue 24): every fan who holds or held a pass to them, newest
 * member first (keyset on passes_creator_newest), with what each spent with the creator in
 * all, asked of money once for the whole page.
 */

type MemberRow = {
  fan_id: string;
  username: string;
  name: string;
  avatar_public_id: string | null;
  period: TPassPeriod;
  /** Text with PostgreSQL's microseconds: a JavaScript Date would round them and skip rows. */
  member_since: string;
  expires_at: string;
  is_active: boolean;
  is_auto_renew: boolean;
  is_blocked: boolean;
};

const ZMembersCursor = z.tuple([ZKeysetTime, z.string().min(1).max(64)]);

export async function listMembers(options: {
  db: Db;
  creatorId: string;
  cursor?: string;
  limit: number;
}): Promise<{ activeCount: number; members: TMember[]; nextCursor: string | null }> {
  const { db, creatorId, limit } = options;
  const after = decodeKeysetCursor(
    options.cursor,
    ZMembersCursor,
    () => new AppError('INVALID_CURSOR', MEMBER_MESSAGES.invalidCursor, 400, 'cursor'),
  );
  const rows = readRows<MemberRow>(
    await db.execute(sql`
      select p.fan_id, u.username, u.name, u.avatar_public_id, p.period,
             to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as member_since,
             to_char(p.expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as expires_at,
             p.expires_at > now() as is_active,
             p.is_auto_renew,
             (exists (select 1 from ${blocks} where blocker_id = ${creatorId} and blocked_id = p.fan_id)
               or exists (select 1 from ${blocks} where blocker_id = p.fan_id and blocked_id = ${creatorId})) as is_blocked
      from ${passes} as p
      join ${users} as u on u.id = p.fan_id
      where p.creator_id = ${creatorId}
        ${after ? sql`and (p.created_at, p.fan_id) < (${after[0]}::timestamptz, ${after[1]})` : sql``}
      order by p.created_at desc, p.fan_id desc
      limit ${limit + 1}`),
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const [spend, activeCount] = await Promise.all([
    readSpendByFans(db, { creatorId, fanIds: page.map((row) => row.fan_id) }),
    countActivePasses(db, creatorId),
  ]);
  return {
    activeCount,
    members: page.map((row) => {
      const { total, pass, unlock, tip, support } = spend.get(row.fan_id) ?? {
        total: 0,
        pass: 0,
        unlock: 0,
        tip: 0,
        support: 0,
      };
      return {
        fan: { username: row.username, name: row.name, imageAsset: toAvatarAsset(row.avatar_public_id) },
        period: row.period,
        memberSince: row.member_since,
        expiresAt: row.expires_at,
        isActive: row.is_active,
        isAutoRenew: row.is_auto_renew,
        isBlocked: row.is_blocked,
        spent: { total, pass, unlock, tip, support },
      };
    }),
    nextCursor: rows.length > limit && last ? encodeKeysetCursor([last.member_since, last.fan_id]) : null,
  };
}
