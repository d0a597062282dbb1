import type { TCreatePostRequest, TUpdatePostRequest } from '@stagepass/contract/posts';
import type { App } from '../../app.ts';
import { posts } from '../../db/schema/index.ts';
import { createId } from '../../lib/ids.ts';
import type { TestPerson } from './people.ts';

// Posts for tests: through the API as the web app makes them, or rows written straight to
// the table when a test needs many at chosen times.

/** Posts written straight to the table, for paging tests that need many at chosen times. */
export async function insertPosts(
  app: App,
  rows: { authorId: string; createdAt: Date; visibility?: 'everyone' | 'subscribers' }[],
): Promise<string[]> {
  const values = rows.map((row) => ({
    id: createId(16),
    authorId: row.authorId,
    type: 'text' as const,
    description: 'A post for paging',
    visibility: row.visibility ?? ('everyone' as const),
    createdAt: row.createdAt,
  }));
  await app.db.insert(posts).values(values);
  return values.map((value) => value.id);
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
