import { FAVOURITES_LIMIT, type TCreatorCard, type TCreatorsPage } from '@stagepass/contract/profiles';
import { and, asc, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import { type Db, readRows } from '../../db/client.ts';
import { follows, users } from '../../db/schema/index.ts';
import {
  type CardRow,
  isCreator,
  isFollowedBy,
  isVisibleTo,
  selectCardColumns,
  toCreatorCard,
} from './creator-cards.ts';
import { detectSearchEngine, normaliseQuery, type SearchEngine } from './creator-search.ts';
import { searchWithFallback } from './fallback-search.ts';
import { FEATURED_SCORE, featuredScoreMicros } from './featured-score.ts';
import { decodePageCursor, encodePageCursor, type PageCursor } from './page-cursor.ts';
import { searchWithTrigrams } from './trigram-search.ts';

/** Finding creators: every creator, search, featured and favourites (plain functions over a Db). */

type ListOptions = {
  db: Db;
  /** The signed-in viewer: blocks either way hide creators, and followStatus is theirs. */
  viewerId: string | undefined;
  page: string;
  limit: number;
};

/** Every creator, most followed first; with a query, the best matches first. */
export async function listCreators(
  options: ListOptions & { query?: string; engine?: SearchEngine },
): Promise<TCreatorsPage> {
  const query = normaliseQuery(options.query ?? '');
  return query ? searchCreators({ ...options, query }) : listAllCreators(options);
}

/** Keyset paging on users_creators_by_followers: (followers_count desc, id asc). */
async function listAllCreators({ db, viewerId, page, limit }: ListOptions): Promise<TCreatorsPage> {
  const cursor = decodePageCursor(page, 'all');
  const rows = await db
    .select(selectCardColumns(viewerId))
    .from(users)
    .where(
      and(
        isCreator,
        cursor
          ? // The first half bounds the index scan; the second skips the ties already shown.
            and(
              sql`${users.followersCount} <= ${cursor.f}`,
              or(lt(users.followersCount, cursor.f), gt(users.id, cursor.i)),
            )
          : undefined,
        isVisibleTo(viewerId),
      ),
    )
    // "nulls last" as in the index, or PostgreSQL will not read the index in order.
    .orderBy(sql`${users.followersCount} desc nulls last`, asc(users.id))
    .limit(limit + 1);
  return toPage(rows, limit, (last) => ({ k: 'all', f: last.followersCount, i: last.id }));
}

async function searchCreators(
  options: ListOptions & { query: string; engine?: SearchEngine },
): Promise<TCreatorsPage> {
  const cursor = decodePageCursor(options.page, 'search');
  const engine = options.engine ?? (await detectSearchEngine(options.db));
  const search = engine === 'trigram' ? searchWithTrigrams : searchWithFallback;
  const rows = await search({
    db: options.db,
    query: options.query,
    viewerId: options.viewerId,
    cursor,
    take: options.limit + 1,
  });
  return toPage(rows, options.limit, (last) => ({
    k: 'search',
    r: last.rank,
    f: last.followersCount,
    i: last.id,
  }));
}

/**
 * The home list, by the score of featured-score.ts (complete profiles first, then followers
 * and recent activity) over a bounded candidate set (the most followed and the most
 * recently active creators, each read in order from its index), so it costs the same with
 * ten or ten million creators. Pages carry the time of the first page, so scores stay put
 * while someone scrolls.
 */
export async function listFeaturedCreators({
  db,
  viewerId,
  page,
  limit,
}: ListOptions): Promise<TCreatorsPage> {
  const cursor = decodePageCursor(page, 'featured');
  const at = cursor ? new Date(cursor.at) : new Date();
  const candidate = sql`select "id", "name", "username", "category", "bio", "avatar_public_id", "followers_count",
    "last_active_at" from "users" where "role" = 'creator'`;
  // Whole rows from both index scans: joining 1,000 ids back to users tempts the planner
  // into a sequential scan of every user. Materialised, so each score (and its probe of
  // posts) is computed once, not again in the cursor's condition.
  const result = await db.execute(sql`
    with "scored" as materialized (
      select *, ${featuredScoreMicros(at)} as "score"
      from (
        (${candidate} order by "followers_count" desc nulls last, "id" limit ${FEATURED_SCORE.candidatesByFollowers})
        union
        (${candidate} order by "last_active_at" desc, "id" limit ${FEATURED_SCORE.candidatesByActivity})
      ) as "users"
      where ${isVisibleTo(viewerId) ?? sql`true`}
    )
    select "id", "name", "username", "category", "bio", "avatar_public_id" as "avatarPublicId",
      "followers_count" as "followersCount", ${isFollowedBy(viewerId)} as "followStatus", "score"
    from "scored" as "users"
    where ${cursor ? sql`("score" < ${cursor.s} or ("score" = ${cursor.s} and "id" > ${cursor.i}))` : sql`true`}
    order by "score" desc, "id"
    limit ${limit + 1}`);
  const rows = readRows<CardRow & { score: number }>(result);
  return toPage(rows, limit, (last) => ({ k: 'featured', at: at.getTime(), s: last.score, i: last.id }));
}

/** The creators the viewer follows, newest follow first, at most FAVOURITES_LIMIT. */
export async function listFavouriteCreators(options: { db: Db; viewerId: string }): Promise<TCreatorCard[]> {
  const { db, viewerId } = options;
  const rows = await db
    .select({ ...selectCardColumns(undefined), followStatus: sql<boolean>`true`.as('follow_status') })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followedId))
    .where(and(eq(follows.followerId, viewerId), isCreator, isVisibleTo(viewerId)))
    .orderBy(desc(follows.createdAt), asc(users.id))
    .limit(FAVOURITES_LIMIT);
  return rows.map(toCreatorCard);
}

function toPage<Row extends CardRow>(
  rows: Row[],
  limit: number,
  cursorOf: (last: Row) => PageCursor,
): TCreatorsPage {
  const pageRows = rows.slice(0, limit);
  const last = pageRows.at(-1);
  return {
    creators: pageRows.map(toCreatorCard),
    nextPage: rows.length > limit && last ? encodePageCursor(cursorOf(last)) : null,
  };
}
