import type { TCreatorCategory } from '@stagepass/contract/auth';
import { avatarUrl } from '@stagepass/contract/media';
import type { TCreatorCard } from '@stagepass/contract/profiles';
import { type SQL, sql } from 'drizzle-orm';
import { blocks, follows, users } from '../../db/schema/index.ts';

/** What every creator list selects, queried the same way for lists, search and favourites. */

/** Cards per page unless the client asks for fewer (search suggestions). */
export const DEFAULT_PAGE_SIZE = 20;

// A literal, not a parameter: the planner matches it to the partial indexes' WHERE role = 'creator'.
export const isCreator = sql`${users.role} = 'creator'`;

/** The listed user's id, qualified, so no table in a subquery can capture the name. */
const listedUserId = sql`"users"."id"`;

export function selectCardColumns(viewerId: string | undefined) {
  return {
    id: users.id,
    name: users.name,
    username: users.username,
    category: users.category,
    bio: users.bio,
    avatarPublicId: users.avatarPublicId,
    followersCount: users.followersCount,
    followStatus: isFollowedBy(viewerId).as('follow_status'),
  };
}

export type CardRow = {
  id: string;
  name: string;
  username: string;
  category: string | null;
  bio: string;
  avatarPublicId: string | null;
  followersCount: number;
  followStatus: boolean;
};

/** Whether the viewer follows the listed creator (a primary-key lookup). */
export function isFollowedBy(viewerId: string | undefined, creatorId: SQL = listedUserId): SQL<boolean> {
  if (!viewerId) return sql<boolean>`false`;
  return sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followedId} = ${creatorId})`;
}

/** A block either way hides the creator from the viewer (two primary-key lookups a row). */
export function isVisibleTo(viewerId: string | undefined, creatorId: SQL = listedUserId): SQL | undefined {
  if (!viewerId) return undefined;
  return sql`not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${creatorId})
    and not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${creatorId} and ${blocks.blockedId} = ${viewerId})`;
}

export function toCreatorCard(row: CardRow): TCreatorCard {
  return {
    _id: row.id,
    name: row.name,
    username: row.username,
    cartegory: row.category as TCreatorCategory | null,
    bio: row.bio,
    imageAsset: row.avatarPublicId
      ? { public_id: row.avatarPublicId, secure_url: avatarUrl(row.avatarPublicId, 256) }
      : null,
    followers_count: row.followersCount,
    followStatus: Boolean(row.followStatus),
  };
}
