import type { TCreatePostRequest, TUpdatePostRequest } from '@stagepass/contract/posts';
import type { App } from '../../app.ts';
import { blocks, follows, mediaAssets, posts, users } from '../../db/schema/index.ts';
import { createId } from '../../lib/ids.ts';
import { createSecurityCheckValue } from '../../plugins/session.ts';
import { createSession } from '../auth/sessions.service.ts';

// Factories for the post tests. People are rows with a real session (the cookie the server
// reads), not sign-ups: these tests need dozens of people, and sign-up's argon2 and its
// rate limit would dominate them. Sign-up's own rules are tested in the auth module.

export type TestPerson = { id: string; username: string; cookie: string };

let counter = 0;

export async function createPerson(
  app: App,
  options: { role?: 'creator' | 'fan' | null; name?: string; isSecurityChecked?: boolean } = {},
): Promise<TestPerson> {
  counter += 1;
  const id = createId();
  const username = `@person${Date.now().toString(36)}${counter}`;
  const role = options.role === undefined ? 'creator' : options.role;
  const isSecurityChecked = options.isSecurityChecked ?? true;
  await app.db.insert(users).values({
    id,
    email: `${username.slice(1)}@example.com`,
    username,
    name: options.name ?? `Person ${counter}`,
    countryCode: 'ZM',
    role,
    category: role === 'creator' ? 'music artist' : null,
    emailVerifiedAt: new Date(),
    // Sign-in's second step, taken as a person takes it (no argon2 here: nobody answers it).
    ...(isSecurityChecked && {
      securityQuestion: 'What was the name of your first pet?',
      securityAnswerHash: 'not-a-hash: these tests never answer the question',
    }),
  });
  const { token, session } = await createSession(app.db, { userId: id, signedInWith: 'password' });
  const cookie = isSecurityChecked
    ? `token=${token}; security_check=${createSecurityCheckValue(app.config, session.id)}`
    : `token=${token}`;
  return { id, username, cookie };
}

/** A post upload as the media module leaves it: files in the store and a row. */
export async function insertPostMedia(
  app: App,
  ownerId: string,
  options: {
    kind?: 'image' | 'video';
    status?: 'processing' | 'ready' | 'failed';
    purpose?: 'post' | 'avatar';
  } = {},
): Promise<{ publicId: string; keys: string[] }> {
  const publicId = createId();
  const kind = options.kind ?? 'image';
  const status = options.status ?? 'ready';
  // The media-processing module's variant names; the original is the upload as it came.
  const processed: Record<string, string> =
    kind === 'image'
      ? { post: 'post.webp', mobile: 'mobile.webp', placeholder: 'placeholder.webp' }
      : { video: 'video.mp4', poster: 'poster.jpg', preview: 'preview.mp4', placeholder: 'placeholder.webp' };
  const names = {
    original: kind === 'image' ? 'original.jpg' : 'original.mp4',
    ...(status === 'ready' ? processed : {}),
  };
  const variants: Record<string, string> = {};
  for (const [name, file] of Object.entries(names)) {
    const key = `${publicId}/${file}`;
    await app.mediaStore.put(key, Buffer.from(`${name} bytes`), { contentType: 'application/octet-stream' });
    variants[name] = key;
  }
  await app.db.insert(mediaAssets).values({
    publicId,
    ownerId,
    kind,
    purpose: options.purpose ?? 'post',
    status,
    failureReason: status === 'failed' ? 'This video could not be read.' : null,
    variants,
    width: 686,
    height: 386,
    durationSeconds: kind === 'video' ? 5 : null,
    bytes: 1000,
  });
  return { publicId, keys: Object.values(variants) };
}

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

export async function insertFollow(app: App, followerId: string, followedId: string): Promise<void> {
  await app.db.insert(follows).values({ followerId, followedId });
}

export async function insertBlock(app: App, blockerId: string, blockedId: string): Promise<void> {
  await app.db.insert(blocks).values({ blockerId, blockedId });
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

export function getAs(app: App, cookie: string | undefined, url: string) {
  return app.inject({ url, headers: cookie ? { cookie } : {} });
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
