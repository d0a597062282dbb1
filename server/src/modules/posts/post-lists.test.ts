import { POST_MESSAGES, type TPost, type TPostsPage } from '@stagepass/contract/posts';
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { posts } from '../../db/schema/index.ts';
import { createPerson, getAs, insertFollow, type TestPerson } from '../../test/factories/people.ts';
import { insertPosts, publishText } from '../../test/factories/posts.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { encodePostCursor } from './post-cursor.ts';

const testApp = setupTestApp();
const MINUTE = 60_000;

/** Every page of a list, following nextCursor; the URL gets the cursor from `pageUrl`. */
async function walk(cookie: string | undefined, pageUrl: (cursor: string) => string): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = '0';
  for (let pages = 0; cursor !== null; pages += 1) {
    if (pages > 100) throw new Error('paging does not end');
    const response = await getAs(testApp.app, cookie, pageUrl(cursor));
    expect(response.statusCode).toBe(200);
    const page = response.json() as TPostsPage;
    expect(page.success).toBe(true);
    seen.push(...page.posts.map((post) => post.postId));
    cursor = page.nextCursor;
  }
  return seen;
}

/** Ids newest first by (created_at desc, id desc), as the database orders them. */
async function expectedOrder(ids: string[]): Promise<string[]> {
  const rows = await testApp.app.db
    .select({ id: posts.id })
    .from(posts)
    .where(inArray(posts.id, ids))
    .orderBy(sql`${posts.createdAt} desc`, sql`${posts.id} desc`);
  return rows.map((row) => row.id);
}

describe('GET /api/feed', () => {
  it('shows the posts of followed creators only, newest first, each once across pages', async () => {
    const viewer = await createPerson(testApp.app, { role: 'fan' });
    const [followedA, followedB, stranger] = [
      await createPerson(testApp.app),
      await createPerson(testApp.app),
      await createPerson(testApp.app),
    ];
    await insertFollow(testApp.app, viewer.id, followedA.id);
    await insertFollow(testApp.app, viewer.id, followedB.id);
    const base = Date.now() - 1000 * MINUTE;
    const rows = Array.from({ length: 24 }, (_, index) => ({
      authorId: [followedA, followedB, stranger][index % 3]!.id,
      // Pairs share a time, so the id decides between them.
      createdAt: new Date(base + Math.floor(index / 2) * MINUTE),
      visibility: index % 5 === 0 ? ('subscribers' as const) : ('everyone' as const),
    }));
    const ids = await insertPosts(testApp.app, rows);
    const followedIds = ids.filter((_, index) => index % 3 !== 2);

    const first = (await getAs(testApp.app, viewer.cookie, '/api/feed')).json() as TPostsPage;
    expect(first.posts.length).toBe(16);
    expect(first.nextCursor).toBeNull();
    expect(first.posts.map((post) => post.postId)).toEqual(await expectedOrder(followedIds));
    // Subscribers-only posts of followed creators come as locked teasers.
    expect(
      first.posts.filter((post) => post.isLocked).every((post) => post.visibility === 'subscribers'),
    ).toBe(true);

    const paged = await walk(viewer.cookie, (cursor) => `/api/feed?limit=3&cursor=${cursor}`);
    expect(paged).toEqual(await expectedOrder(followedIds));
  });

  it('merges many followed creators exactly, however unevenly they post', async () => {
    const viewer = await createPerson(testApp.app, { role: 'fan' });
    const creators = await Promise.all(Array.from({ length: 7 }, () => createPerson(testApp.app)));
    for (const creator of creators) await insertFollow(testApp.app, viewer.id, creator.id);
    // One busy creator with the newest posts, others posting now and then, one long silent:
    // pages must take the busy one's posts and still reach the others' in order.
    const base = Date.now() - 10_000 * MINUTE;
    const rows = [
      ...Array.from({ length: 15 }, (_, index) => ({
        authorId: creators[0]!.id,
        createdAt: new Date(base + (500 + index) * MINUTE),
      })),
      ...creators.slice(1, 6).flatMap((creator, which) =>
        Array.from({ length: 4 }, (_, index) => ({
          authorId: creator.id,
          createdAt: new Date(base + ((which * 37 + index * 101) % 480) * MINUTE),
        })),
      ),
      { authorId: creators[6]!.id, createdAt: new Date(base) },
    ];
    const ids = await insertPosts(testApp.app, rows);
    const expected = await expectedOrder(ids);
    for (const limit of [1, 4, 7, 50]) {
      expect(await walk(viewer.cookie, (cursor) => `/api/feed?limit=${limit}&cursor=${cursor}`)).toEqual(
        expected,
      );
    }
  });

  it('pages exactly even when posts differ by microseconds and new ones arrive meanwhile', async () => {
    const viewer = await createPerson(testApp.app, { role: 'fan' });
    const creator = await createPerson(testApp.app);
    await insertFollow(testApp.app, viewer.id, creator.id);
    const at = new Date(Date.now() - 10 * MINUTE);
    const ids = await insertPosts(
      testApp.app,
      Array.from({ length: 7 }, () => ({ authorId: creator.id, createdAt: at })),
    );
    // Within one millisecond: a cursor that kept only milliseconds would skip or repeat these.
    for (const [index, id] of ids.entries()) {
      await testApp.app.db.execute(
        sql`update items set created_at = created_at + ${`${(index * 137) % 900} microseconds`}::interval where id = ${id}`,
      );
    }
    const expected = await expectedOrder(ids);

    const pageOne = (await getAs(testApp.app, viewer.cookie, '/api/feed?limit=2')).json() as TPostsPage;
    // A new post after the first page belongs before it: the rest of the walk does not repeat anything.
    const fresh = await publishText(testApp.app, creator as TestPerson);
    const rest = await walk(viewer.cookie, (cursor) =>
      cursor === '0'
        ? `/api/feed?limit=2&cursor=${pageOne.nextCursor}`
        : `/api/feed?limit=2&cursor=${cursor}`,
    );
    expect([...pageOne.posts.map((post) => post.postId), ...rest]).toEqual(expected);
    expect(rest).not.toContain(fresh);
  });

  it('needs a session, and refuses a cursor it did not make and sizes out of bounds', async () => {
    const viewer = await createPerson(testApp.app, { role: 'fan' });
    expect((await getAs(testApp.app, undefined, '/api/feed')).statusCode).toBe(401);
    for (const cursor of ['garbage', Buffer.from('{"at":"yesterday","id":"x"}').toString('base64url')]) {
      const response = await getAs(testApp.app, viewer.cookie, `/api/feed?cursor=${cursor}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(POST_MESSAGES.invalidCursor);
    }
    for (const limit of ['0', '51', 'ten']) {
      expect((await getAs(testApp.app, viewer.cookie, `/api/feed?limit=${limit}`)).statusCode).toBe(400);
    }
    const empty = (await getAs(testApp.app, viewer.cookie, '/api/feed')).json();
    expect(empty).toEqual({ success: true, posts: [], nextCursor: null });
  });
});

describe('the post lists of the spec', () => {
  async function creatorWithPosts(count: number): Promise<{ creator: TestPerson; ids: string[] }> {
    const creator = await createPerson(testApp.app);
    const base = Date.now() - 500 * MINUTE;
    const ids = await insertPosts(
      testApp.app,
      Array.from({ length: count }, (_, index) => ({
        authorId: creator.id,
        createdAt: new Date(base + index * MINUTE),
        visibility: index % 4 === 0 ? ('subscribers' as const) : ('everyone' as const),
      })),
    );
    return { creator, ids };
  }

  it("fetch-all/:x pages a creator's posts by username, with or without '@'", async () => {
    const { creator, ids } = await creatorWithPosts(9);
    const expected = await expectedOrder(ids);
    const bare = creator.username.slice(1);
    expect(await walk(undefined, (cursor) => `/api/post/fetch-all/${bare}?limit=4&cursor=${cursor}`)).toEqual(
      expected,
    );
    const withAt = (
      await getAs(testApp.app, undefined, `/api/post/fetch-all/${encodeURIComponent(creator.username)}`)
    ).json();
    expect(withAt.posts.map((post: TPost) => post.postId)).toEqual(expected);
    expect((await getAs(testApp.app, undefined, '/api/post/fetch-all/nobody-here')).statusCode).toBe(404);
  });

  it("fetch-own-posts/:a/:b pages the signed-in creator's posts: a the cursor, b the size", async () => {
    const { creator, ids } = await creatorWithPosts(7);
    const seen = await walk(creator.cookie, (cursor) => `/api/post/fetch-own-posts/${cursor}/3`);
    expect(seen).toEqual(await expectedOrder(ids));
    const own = (await getAs(testApp.app, creator.cookie, '/api/post/fetch-own-posts/0/50')).json()
      .posts as TPost[];
    expect(own.every((post) => !post.isLocked)).toBe(true);
    expect((await getAs(testApp.app, undefined, '/api/post/fetch-own-posts/0/3')).statusCode).toBe(401);
    expect((await getAs(testApp.app, creator.cookie, '/api/post/fetch-own-posts/0/0')).statusCode).toBe(400);
  });

  it('fetch-posts/:limit gives the newest public posts of everyone', async () => {
    const { ids } = await creatorWithPosts(6);
    const newest = (await getAs(testApp.app, undefined, '/api/post/fetch-posts/50')).json() as TPostsPage;
    expect(newest.posts.every((post) => post.visibility === 'everyone')).toBe(true);
    const publicIds = ids.filter((_, index) => index % 4 !== 0);
    const listed = newest.posts.map((post) => post.postId).filter((id) => ids.includes(id));
    expect(listed).toEqual(await expectedOrder(publicIds));
    const page = (await getAs(testApp.app, undefined, '/api/post/fetch-posts/2')).json() as TPostsPage;
    expect(page.posts).toHaveLength(2);
    expect(page.nextCursor).not.toBeNull();
    expect((await getAs(testApp.app, undefined, '/api/post/fetch-posts/51')).statusCode).toBe(400);
  });

  it('fetch-purchased-posts/:x is empty until posts can be bought, and needs a session', async () => {
    const fan = await createPerson(testApp.app, { role: 'fan' });
    const response = await getAs(testApp.app, fan.cookie, '/api/post/fetch-purchased-posts/0');
    expect(response.json()).toEqual({ success: true, posts: [], nextCursor: null });
    expect((await getAs(testApp.app, undefined, '/api/post/fetch-purchased-posts/0')).statusCode).toBe(401);
    const bad = await getAs(testApp.app, fan.cookie, '/api/post/fetch-purchased-posts/nonsense');
    expect(bad.statusCode).toBe(400);
  });

  it('answers cursors of one list in another as the same position', async () => {
    const { creator, ids } = await creatorWithPosts(3);
    const [newest] = await expectedOrder(ids);
    const [row] = (
      (await testApp.app.db.execute(
        sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from posts where id = ${newest!}`,
      )) as unknown as { rows: { at: string }[] }
    ).rows;
    const cursor = encodePostCursor({ at: row!.at, id: newest! });
    const after = (
      await getAs(testApp.app, undefined, `/api/post/fetch-all/${creator.username.slice(1)}?cursor=${cursor}`)
    ).json();
    expect(after.posts.map((post: TPost) => post.postId)).toEqual((await expectedOrder(ids)).slice(1));
  });
});
