import { POST_MESSAGES, type TPostsPage } from '@stagepass/contract/posts';
import { PROFILE_MESSAGES } from '@stagepass/contract/profiles';
import { and, desc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type Db, preparedPerDatabase, readRows } from '../../db/client.ts';
import { blocks, itemMedia, items, mediaAssets, posts, type UserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { SIGNED_OUT_VIEWER } from '../items/item-access.service.ts';
import { type ItemCandidate, keysetTimeOf, olderThan, readKeysetPage } from '../items/item-lists.service.ts';
import { blockedEitherWayOf } from '../profiles/blocks.service.ts';
import { findVisibleProfile } from '../profiles/profile-view.service.ts';
import { listUnlockedItems } from '../unlocks/unlocks.service.ts';
import { decodePostCursor, encodePostCursor, type PostCursor } from './post-cursor.ts';
import { loadPostsForViewer, postViewColumns, toVisiblePosts } from './post-view.ts';

/**
 * Every post list, newest first, keyset-paged as every item list is (items/item-lists):
 * loadPostsForViewer leaves out what this viewer may not see (a photo or video still
 * processing, for anyone but its author). nextCursor is null at the end.
 */

type PageOptions = {
  db: Db;
  appSecret: string;
  viewerId: string | undefined;
  cursor: string | undefined;
  limit: number;
};

/** A value in a query: given now, or a placeholder of a prepared statement. */
type Bound<Value> = Value | Placeholder;

async function toPage(options: PageOptions, candidates: ItemCandidate[]): Promise<TPostsPage> {
  const page = await readKeysetPage(candidates, options.limit, (ids) =>
    loadPostsForViewer({ db: options.db, appSecret: options.appSecret, viewerId: options.viewerId, ids }),
  );
  const last = page.nextAfter;
  return {
    success: true,
    posts: page.entries,
    nextCursor: last ? encodePostCursor({ at: last.cursorAt, id: last.id }) : null,
  };
}

/**
 * The home feed: posts of the creators the viewer follows, from posts_author_newest only.
 * First each followed creator's newest post after the cursor (one index probe each); the
 * page can only hold posts at least as new as the take-th newest of those, so only the
 * creators whose newest post reaches that time are read further, from that time on. The
 * cost grows with the number of followed creators and the page size, never with the number
 * of posts, and a deep page costs what the first does (docs/decisions/006-post-api.md).
 */
export function selectFeedCandidates(
  viewerId: Bound<string>,
  cursor: { at: Bound<string>; id: Bound<string> } | null,
  take: Bound<number>,
): SQL {
  return sql`
    with heads as materialized (
      select follows.followed_id as author_id, head.created_at
      from follows
      cross join lateral (
        select p.created_at from posts as p
        where p.author_id = follows.followed_id and ${olderThan(cursor, 'p')}
        order by p.created_at desc nulls last, p.id desc nulls last
        limit 1
      ) as head
      where follows.follower_id = ${viewerId}
        -- Blocks of the viewer's, either way, hashed once (two index scans) rather than
        -- probed for every followed creator.
        and follows.followed_id not in (
          select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${viewerId}
          union all
          select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${viewerId})
    ), threshold as (
      select coalesce(
        (select created_at from heads order by created_at desc limit 1 offset (${take}::int - 1)),
        '-infinity'::timestamptz) as at
    )
    select newest.id, ${keysetTimeOf(sql`newest.created_at`)} as "cursorAt"
    from heads
    cross join threshold
    cross join lateral (
      select p.id, p.created_at from posts as p
      where p.author_id = heads.author_id and p.created_at >= threshold.at and ${olderThan(cursor, 'p')}
      order by p.created_at desc nulls last, p.id desc nulls last
      limit ${take}
    ) as newest
    where heads.created_at >= threshold.at
    order by newest.created_at desc nulls last, newest.id desc nulls last
    limit ${take}`;
}

/**
 * A feed page in one round trip: the candidates above feed the post read, as one named
 * prepared statement (one for the first page, one for the next: the cursor changes the
 * text), so PostgreSQL plans it once per connection. Rows come newest first; invisible
 * ones are left out after, as for every list.
 */
function prepareFeedPage(db: Db, withCursor: boolean) {
  const viewer = sql.placeholder('viewerId');
  const cursor = withCursor ? { at: sql.placeholder('cursorAt'), id: sql.placeholder('cursorId') } : null;
  const candidates = selectFeedCandidates(viewer, cursor, sql.placeholder('take'));
  return db
    .select({ ...postViewColumns(viewer), cursorAt: keysetTimeOf(sql`${posts.createdAt}`).mapWith(String) })
    .from(posts)
    .innerJoin(items, eq(items.id, posts.id))
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(itemMedia, and(eq(itemMedia.itemId, posts.id), eq(itemMedia.role, 'main')))
    .leftJoin(mediaAssets, eq(mediaAssets.publicId, itemMedia.mediaPublicId))
    .where(sql`${posts.id} in (select candidate.id from (${candidates}) as candidate)`)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .prepare(withCursor ? 'feed_page_after_cursor' : 'feed_page_first');
}

const feedFirstPage = preparedPerDatabase((db) => prepareFeedPage(db, false));
const feedPageAfterCursor = preparedPerDatabase((db) => prepareFeedPage(db, true));

export async function listFeed(options: PageOptions & { viewerId: string }): Promise<TPostsPage> {
  const cursor = decodePostCursor(options.cursor);
  const feedPage = cursor ? feedPageAfterCursor : feedFirstPage;
  const rows = await feedPage(options.db).execute({
    viewerId: options.viewerId,
    take: options.limit + 1,
    cursorAt: cursor?.at,
    cursorId: cursor?.id,
  });
  const pageRows = rows.slice(0, options.limit);
  const last = pageRows.at(-1);
  return {
    success: true,
    posts: toVisiblePosts(pageRows, options.appSecret, options.viewerId),
    nextCursor:
      rows.length > options.limit && last ? encodePostCursor({ at: last.cursorAt, id: last.post.id }) : null,
  };
}

/**
 * A creator's posts (their profile), by username with or without '@'; with type 'video',
 * their video posts only (audio's player page lists them).
 */
export async function listCreatorPosts(
  options: PageOptions & { viewer: UserRow | undefined; username: string; type?: 'video' },
): Promise<TPostsPage> {
  const cursor = decodePostCursor(options.cursor);
  const creator = await findVisibleProfile({
    db: options.db,
    username: options.username,
    viewer: options.viewer,
  });
  if (!creator) throw new AppError('NOT_FOUND', PROFILE_MESSAGES.profileNotFound, 404);
  return toPage(
    options,
    await listAuthorCandidates(options.db, creator.id, cursor, options.limit + 1, options.type),
  );
}

/** The signed-in creator's own posts, every visibility and processing state. */
export async function listOwnPosts(options: PageOptions & { viewerId: string }): Promise<TPostsPage> {
  const cursor = decodePostCursor(options.cursor);
  return toPage(options, await listAuthorCandidates(options.db, options.viewerId, cursor, options.limit + 1));
}

async function listAuthorCandidates(
  db: Db,
  authorId: string,
  cursor: PostCursor | null,
  take: number,
  type?: 'video',
): Promise<ItemCandidate[]> {
  const result = await db.execute(sql`
    select p.id, ${keysetTimeOf(sql`p.created_at`)} as "cursorAt"
    from posts as p
    where p.author_id = ${authorId} and ${olderThan(cursor, 'p')}
      and ${type ? sql`p.type = ${type}` : sql`true`}
    order by p.created_at desc nulls last, p.id desc nulls last
    limit ${take}`);
  return readRows<ItemCandidate>(result);
}

/**
 * The newest public posts of every creator (blocked ones left out for a signed-in viewer),
 * from the catalogue's items_public_newest.
 */
export async function listNewestPublicPosts(options: PageOptions): Promise<TPostsPage> {
  const cursor = decodePostCursor(options.cursor);
  const candidates = cursor ? newestPublicAfterCursor : newestPublicFirst;
  const rows = await candidates(options.db).execute({
    viewerId: options.viewerId ?? SIGNED_OUT_VIEWER,
    take: options.limit + 1,
    cursorAt: cursor?.at,
    cursorId: cursor?.id,
  });
  return toPage(options, rows);
}

/**
 * The candidates of that list as named prepared statements (the first page, and after a
 * cursor): the items table's many indexes made planning cost twice what running did.
 */
function prepareNewestPublicCandidates(db: Db, withCursor: boolean) {
  const viewer = sql.placeholder('viewerId');
  const cursor = withCursor ? { at: sql.placeholder('cursorAt'), id: sql.placeholder('cursorId') } : null;
  return db
    .select({ id: items.id, cursorAt: keysetTimeOf(sql`${items.createdAt}`).mapWith(String) })
    .from(items)
    .where(
      sql`${items.kind} = 'post' and ${items.visibility} = 'everyone' and ${items.status} = 'published'
        and ${olderThan(cursor, 'items')} and not ${blockedEitherWayOf(viewer, items.creatorId)}`,
    )
    .orderBy(sql`${items.kind}, ${items.createdAt} desc nulls last, ${items.id} desc nulls last`)
    .limit(sql.placeholder('take'))
    .prepare(withCursor ? 'newest_public_posts_after_cursor' : 'newest_public_posts_first');
}

const newestPublicFirst = preparedPerDatabase((db) => prepareNewestPublicCandidates(db, false));
const newestPublicAfterCursor = preparedPerDatabase((db) => prepareNewestPublicCandidates(db, true));

/**
 * The posts the viewer unlocked, the newest unlock first, keyset-paged on the unlock's
 * time (the cursor carries it and the post id). Unlocks go with a deleted post; blocked
 * authors' posts are left out of the page like any post the viewer cannot see.
 */
export async function listPurchasedPosts(options: PageOptions & { viewerId: string }): Promise<TPostsPage> {
  const cursor = decodePostCursor(options.cursor);
  const candidates = await listUnlockedItems({
    db: options.db,
    fanId: options.viewerId,
    itemType: 'post',
    after: cursor,
    take: options.limit + 1,
  });
  return toPage(options, candidates);
}

/** One post, for the single post page; missing, blocked and unpublished ones answer alike. */
export async function getPost(options: {
  db: Db;
  appSecret: string;
  viewerId: string | undefined;
  postId: string;
}) {
  const [post] = await loadPostsForViewer({ ...options, ids: [options.postId] });
  if (!post) throw new AppError('NOT_FOUND', POST_MESSAGES.postNotFound, 404);
  return post;
}
