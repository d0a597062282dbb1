import type { TCreatePostRequest, TUpdatePostRequest } from '@stagepass/contract/posts';
import type { App } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { itemMedia, itemReactions, items, posts } from '../../db/schema/index.ts';
import { createId } from '../../lib/ids.ts';
import type { TestPerson } from './people.ts';

// Posts for tests and for the demo seed: through the API as the web app makes them, or rows
// written straight to the tables when many are needed at chosen (back-dated) times. The demo
// seed ships with the server, so this file imports nothing of the tests.

type PostRowInput = {
  authorId: string;
  createdAt: Date;
  /** A new 16-character id unless given. */
  id?: string;
  type?: 'text' | 'photo' | 'video';
  description?: string;
  visibility?: 'everyone' | 'subscribers' | 'pay-to-unlock';
  /** Ngwee; only for pay-to-unlock (the database checks it). */
  price?: number | null;
  /** The photo or video: the item's main file (item_media). */
  mediaPublicId?: string | null;
  /** When it was last edited; now unless given. */
  updatedAt?: Date;
};

/** Posts written straight to the table, for paging tests that need many at chosen times. */
export async function insertPosts(app: App, rows: PostRowInput[]): Promise<string[]> {
  return insertPostRows(app.db, rows);
}

/** The same on any database handle (a transaction, the demo seed's): the posts' ids. */
export async function insertPostRows(db: Db, rows: readonly PostRowInput[]): Promise<string[]> {
  const values = rows.map(({ visibility, price, mediaPublicId, ...row }) => ({
    item: {
      id: row.id ?? createId(16),
      kind: 'post' as const,
      creatorId: row.authorId,
      visibility: visibility ?? ('everyone' as const),
      price: price ?? null,
      createdAt: row.createdAt,
      publishedAt: row.createdAt,
    },
    mediaPublicId: mediaPublicId ?? null,
    post: {
      ...row,
      type: row.type ?? ('text' as const),
      description: row.description ?? 'A post for paging',
    },
  }));
  if (values.length === 0) return [];
  // The item first: the post's row points at it (posts_item).
  await db.insert(items).values(values.map((value) => value.item));
  await db.insert(posts).values(values.map((value) => ({ ...value.post, id: value.item.id })));
  const media = values.flatMap(({ item, mediaPublicId }) =>
    mediaPublicId ? [{ itemId: item.id, role: 'main' as const, mediaPublicId }] : [],
  );
  if (media.length > 0) await db.insert(itemMedia).values(media);
  return values.map((value) => value.item.id);
}

/** Reactions written straight to the table, at the times given (now unless said). */
export async function insertReactions(
  db: Db,
  rows: readonly {
    postId: string;
    ownerId: string;
    kind: (typeof itemReactions.$inferInsert)['kind'];
    createdAt?: Date;
  }[],
): Promise<void> {
  await db
    .insert(itemReactions)
    .values(rows.map(({ postId, ...reaction }) => ({ itemId: postId, ...reaction })));
}

export function createPostAs(
  app: App,
  cookie: string,
  payload: TCreatePostRequest | Record<string, unknown>,
) {
  return app.inject({ method: 'POST', url: '/api/post/create', headers: { cookie }, payload });
}

export function updatePostAs(
  app: App,
  cookie: string,
  postId: string,
  payload: TUpdatePostRequest | Record<string, unknown>,
) {
  return app.inject({ method: 'PUT', url: `/api/post/update/${postId}`, headers: { cookie }, payload });
}

export function reactAs(app: App, cookie: string, postId: string, name: string) {
  return updatePostAs(app, cookie, postId, { postId, target: 'likes', update: { like: { name } } });
}

/** A text post by the person, through the API; its postId. */
export async function publishText(
  app: App,
  person: TestPerson,
  overrides: Partial<TCreatePostRequest> = {},
): Promise<string> {
  const response = await createPostAs(app, person.cookie, {
    type: 'text',
    description: 'Hello from the studio',
    ...overrides,
  });
  if (response.statusCode !== 201) throw new Error(`post not created: ${response.body}`);
  return response.json().newPost.postId;
}
