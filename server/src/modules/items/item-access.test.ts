import { randomUUID } from 'node:crypto';
import type { TPost } from '@stagepass/contract/posts';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { passes } from '../../db/schema/index.ts';
import { checkFolderAddress, insertPostMedia } from '../../test/factories/media.ts';
import { createFanWithBalance } from '../../test/factories/money.ts';
import { createPerson, getAs, insertFollow, type TestPerson } from '../../test/factories/people.ts';
import { createPostAs } from '../../test/factories/posts.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { decideAccess } from './item-access.service.ts';

const testApp = setupTestApp();

type Viewer = 'author' | 'stranger' | 'signed out' | 'pass holder' | 'expired pass' | 'buyer';
type Kind = 'public' | 'subscribers' | 'paid photo' | 'paid video';

/** Who sees each kind of post in full: the one rule, written out. */
const FULL: Record<Kind, Viewer[]> = {
  public: ['author', 'stranger', 'signed out', 'pass holder', 'expired pass', 'buyer'],
  subscribers: ['author', 'pass holder'],
  'paid photo': ['author', 'buyer'],
  'paid video': ['author', 'buyer'],
};
// The buyer unlocked both paid posts; the pass holders hold no unlock.

const HOUR = 60 * 60 * 1000;

async function publish(app: App, creator: TestPerson, kind: Kind) {
  const isVideo = kind === 'paid video';
  const { publicId } = await insertPostMedia(app, creator.id, { kind: isVideo ? 'video' : 'image' });
  const response = await createPostAs(app, creator.cookie, {
    type: isVideo ? 'video' : 'photo',
    description: `A ${kind} post`,
    postAssets: { [isVideo ? 'video' : 'image']: { public_id: publicId } },
    visibility: kind === 'public' ? 'everyone' : kind === 'subscribers' ? 'subscribers' : 'pay-to-unlock',
    ...(kind.startsWith('paid') && { price: 750 }),
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return { postId: response.json().newPost.postId as string, publicId };
}

async function unlock(app: App, fan: TestPerson, creator: TestPerson, postId: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/purchases',
    headers: { cookie: fan.cookie },
    payload: {
      purchaseId: randomUUID(),
      kind: 'unlock',
      creator: creator.username,
      item: { type: 'post', id: postId },
    },
  });
  if (response.statusCode !== 201) throw new Error(response.body);
}

/** The addresses of the full file in a post: what a viewer without access must never get. */
function fullFileUrls(post: TPost): (string | null)[] {
  const { image, video } = post.postAssets;
  if (image) return [image.secure_url, image.mobile_url, image.variants.post ?? null];
  if (video) return [video.secure_url, video.audio_only_url, video.thumbnails_url, video.poster];
  return [];
}

async function setUpWorld() {
  const { app } = testApp;
  const creator = await createPerson(app);
  const posts = {} as Record<Kind, { postId: string; publicId: string }>;
  for (const kind of Object.keys(FULL) as Kind[]) posts[kind] = await publish(app, creator, kind);
  const viewers = {
    author: creator,
    stranger: await createPerson(app, { role: 'fan' }),
    'pass holder': await createPerson(app, { role: 'fan' }),
    'expired pass': await createPerson(app, { role: 'fan' }),
    buyer: await createFanWithBalance(app, 5_000),
  };
  await app.db.insert(passes).values([
    {
      fanId: viewers['pass holder'].id,
      creatorId: creator.id,
      period: 'weekly',
      expiresAt: new Date(Date.now() + HOUR),
    },
    {
      fanId: viewers['expired pass'].id,
      creatorId: creator.id,
      period: 'daily',
      expiresAt: new Date(Date.now() - 1000),
    },
  ]);
  for (const fan of [viewers.stranger, viewers['pass holder'], viewers['expired pass'], viewers.buyer]) {
    await insertFollow(app, fan.id, creator.id);
  }
  await unlock(app, viewers.buyer, creator, posts['paid photo'].postId);
  await unlock(app, viewers.buyer, creator, posts['paid video'].postId);
  return { creator, posts, viewers };
}

async function expectAsAccessSays(
  app: App,
  viewer: Viewer,
  cookie: string | undefined,
  kind: Kind,
  post: TPost | undefined,
) {
  const isFull = FULL[kind].includes(viewer);
  expect(post, `${viewer} reads the ${kind} post`).toBeDefined();
  expect(post!.isLocked, `${viewer} on the ${kind} post`).toBe(!isFull);
  const fullUrls = fullFileUrls(post!);
  if (isFull) {
    expect(fullUrls.every((url) => url !== null)).toBe(true);
    // The address works for this viewer: a file's answers, a video's folder token is valid.
    if (kind === 'paid video') {
      expect(checkFolderAddress(app, fullUrls[0]!).check.result).toBe('valid');
    } else {
      expect((await getAs(app, cookie, fullUrls[0]!)).statusCode).toBe(200);
    }
    expect(post!.lockReason).toBeNull();
    return;
  }
  expect(fullUrls).toEqual(fullUrls.map(() => null));
  expect(post!.lockReason).toBe(kind === 'subscribers' ? 'subscribers' : 'pay-to-unlock');
  expect(post!.price).toBe(kind.startsWith('paid') ? 750 : null);
  const text = JSON.stringify(post);
  for (const full of ['post.webp', 'mobile.webp', '/hls/', '/media/folder', 'poster.jpg', 'original']) {
    expect(text, `${viewer} gets no address of ${full} on the ${kind} post`).not.toContain(full);
  }
}

describe('access: who sees a post in full, in every read', () => {
  it('answers the same in the post read, the profile, the feed, the purchased list and the media addresses', async () => {
    const { app } = testApp;
    const { creator, posts, viewers } = await setUpWorld();
    const cookies: Record<Viewer, string | undefined> = {
      author: creator.cookie,
      stranger: viewers.stranger.cookie,
      'signed out': undefined,
      'pass holder': viewers['pass holder'].cookie,
      'expired pass': viewers['expired pass'].cookie,
      buyer: viewers.buyer.cookie,
    };
    for (const [viewer, cookie] of Object.entries(cookies) as [Viewer, string | undefined][]) {
      const profile = (await getAs(app, cookie, `/api/post/fetch-all/${creator.username}`)).json()
        .posts as TPost[];
      const feed =
        cookie && viewer !== 'author'
          ? ((await getAs(app, cookie, '/api/feed')).json().posts as TPost[])
          : [];
      for (const kind of Object.keys(FULL) as Kind[]) {
        const { postId } = posts[kind];
        const single = await getAs(app, cookie, `/api/post/fetch-post/${postId}`);
        expect(single.statusCode).toBe(200);
        await expectAsAccessSays(app, viewer, cookie, kind, single.json().post);
        await expectAsAccessSays(
          app,
          viewer,
          cookie,
          kind,
          profile.find((post) => post.postId === postId),
        );
        if (feed.length > 0) {
          await expectAsAccessSays(
            app,
            viewer,
            cookie,
            kind,
            feed.find((post) => post.postId === postId),
          );
        }
        expect(await decideAccess(app.db, viewers[viewer as keyof typeof viewers]?.id, postId)).toBe(
          FULL[kind].includes(viewer) ? 'full' : 'preview',
        );
      }
    }
    const own = (await getAs(app, creator.cookie, '/api/post/fetch-own-posts/0/10')).json().posts as TPost[];
    for (const kind of Object.keys(FULL) as Kind[]) {
      await expectAsAccessSays(
        app,
        'author',
        creator.cookie,
        kind,
        own.find((p) => p.postId === posts[kind].postId),
      );
    }
    const bought = (await getAs(app, viewers.buyer.cookie, '/api/post/fetch-purchased-posts/0')).json()
      .posts as TPost[];
    expect(bought.map((post) => post.postId)).toEqual([
      posts['paid video'].postId,
      posts['paid photo'].postId,
    ]);
    for (const post of bought) expect(post.isLocked).toBe(false);
  });

  it('gives a fan who did not pay the blurred placeholder and the preview cut, and no address that opens the full file', async () => {
    const { app } = testApp;
    const { posts, viewers } = await setUpWorld();
    const fan = viewers['pass holder'];
    for (const kind of ['paid photo', 'paid video'] as const) {
      const post = (await getAs(app, fan.cookie, `/api/post/fetch-post/${posts[kind].postId}`)).json()
        .post as TPost;
      const variants = post.postAssets.image?.variants ?? post.postAssets.video?.variants ?? {};
      expect(Object.keys(variants).sort()).toEqual(
        kind === 'paid video' ? ['placeholder', 'preview'] : ['placeholder'],
      );
      for (const url of Object.values(variants)) {
        expect((await getAs(app, fan.cookie, url)).statusCode).toBe(200);
      }
      // The full file's plain address is refused to this fan.
      const full = kind === 'paid video' ? 'hls/240p.mp4' : 'post.webp';
      expect((await getAs(app, fan.cookie, `/media/${posts[kind].publicId}/${full}`)).statusCode).toBe(403);
      const bought = (
        await getAs(app, viewers.buyer.cookie, `/api/post/fetch-post/${posts[kind].postId}`)
      ).json().post as TPost;
      if (kind === 'paid video') {
        // The buyer's stream is under a folder token of their own, not the public one.
        const stream = checkFolderAddress(app, bought.postAssets.video!.secure_url!);
        expect(stream.check).toMatchObject({ result: 'valid', audience: viewers.buyer.id });
        continue;
      }
      // The buyer's own signed address works for them and is refused to this fan.
      const buyersUrl = bought.postAssets.image!.secure_url!;
      expect((await getAs(app, viewers.buyer.cookie, buyersUrl)).statusCode).toBe(200);
      expect((await getAs(app, fan.cookie, buyersUrl)).statusCode).toBe(403);
    }
  });

  it('lets reactions follow access: a buyer may react to the post they unlocked, a stranger may not', async () => {
    const { app } = testApp;
    const { posts, viewers } = await setUpWorld();
    const react = (fan: TestPerson) =>
      app.inject({
        method: 'PUT',
        url: `/api/post/update/${posts['paid photo'].postId}`,
        headers: { cookie: fan.cookie },
        payload: { target: 'likes', update: { like: { name: 'love' } } },
      });
    expect((await react(viewers.buyer)).statusCode).toBe(200);
    expect((await react(viewers.stranger)).statusCode).toBe(403);
  });
});
