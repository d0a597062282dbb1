import path from 'node:path';
import type { TAudiosPage } from '@stagepass/contract/audio';
import { POST_PAGE_SIZE, type TPostsPage } from '@stagepass/contract/posts';
import { BIO_MAX_LENGTH, type TCreatorsPage } from '@stagepass/contract/profiles';
import type { TVideosPage, TWatchResponse } from '@stagepass/contract/video';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { audioTracks, itemMedia, items, posts, users } from '../../db/schema/index.ts';
import { waitUntilProcessed } from '../../test/factories/media.ts';
import { readCookies, signIn } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { readPassPrices } from '../passes/passes.service.ts';
import {
  DEMO_FAN_MOBILE_MONEY,
  type DemoSeedResult,
  describeDemoSignIn,
  seedDemoContentIfEmpty,
} from './demo-seed.ts';

const testApp = setupTestApp();

const seed = (isProduction: boolean) =>
  seedDemoContentIfEmpty({
    db: testApp.app.db,
    mediaStore: testApp.app.mediaStore,
    isProduction,
    appSecret: testApp.app.config.appSecret,
    tools: { ffmpegPath: undefined, ffprobePath: undefined },
    scratch: {
      workRoot: path.join(testApp.app.config.dataDir, 'tmp', 'media-processing'),
      instance: testApp.app.serverInstance,
    },
    log: testApp.app.log,
  });

async function countUsers(): Promise<number> {
  const [row] = await testApp.app.db.select({ count: sql<number>`count(*)::int` }).from(users);
  return row!.count;
}

// One database for the file: the tests run in order, from empty to seeded.
describe('demo content', () => {
  let seeded: Extract<DemoSeedResult, { status: 'seeded' }>;

  it('is never created in production, even on an empty database', async () => {
    expect(await seed(true)).toEqual({ status: 'skipped', reason: 'production' });
    expect(await countUsers()).toBe(0);
  });

  it('creates a dozen creators of different categories and some fans on an empty database', async () => {
    const result = await seed(false);
    if (result.status !== 'seeded') throw new Error(`not seeded: ${result.reason}`);
    seeded = result;
    const people = await testApp.app.db.select().from(users);
    const creators = people.filter((person) => person.role === 'creator');
    const fans = people.filter((person) => person.role === 'fan');
    expect(creators.length).toBeGreaterThanOrEqual(10);
    expect(fans.length).toBeGreaterThanOrEqual(3);
    expect(new Set(creators.map((creator) => creator.category)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(creators.map((creator) => creator.followersCount)).size).toBe(creators.length);
    for (const person of people) {
      expect(person.emailVerifiedAt).not.toBeNull();
      expect(person.securityQuestion).not.toBeNull();
    }
    for (const creator of creators) {
      expect(creator.bio.length).toBeGreaterThan(0);
      expect(creator.bio.length).toBeLessThanOrEqual(BIO_MAX_LENGTH);
      expect(creator.avatarPublicId).not.toBeNull();
      expect(await testApp.app.mediaStore.stat(`${creator.avatarPublicId}/avatar256.webp`)).toMatchObject({
        contentType: 'image/webp',
      });
    }
    expect(creators.some((creator) => creator.phone !== null)).toBe(true);
    const prices = await Promise.all(creators.map((creator) => readPassPrices(testApp.app.db, creator.id)));
    expect(
      prices.some((offered) => offered.some((one) => one.period === 'monthly' && one.price === 5000)),
    ).toBe(true);
    // The seed draws its photos, tunes and five video clips with sharp and ffmpeg first.
  }, 90_000);

  it('prints sign-ins that work, security question included', async () => {
    const printed = describeDemoSignIn(seeded);
    for (const account of [seeded.creator, seeded.fan]) {
      expect(printed).toContain(account.email);
      expect(printed).toContain(account.password);
      const response = await signIn(testApp.app, account.email, account.password);
      expect(response.statusCode).toBe(200);
      const verify = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/security-question/verify',
        headers: { cookie: readCookies(response) },
        payload: { answer: account.securityAnswer },
      });
      expect(verify.statusCode).toBe(200);
    }
    expect(printed).toContain(seeded.creator.securityAnswer);
    const [creator] = await testApp.app.db.select().from(users).where(eq(users.email, seeded.creator.email));
    expect(creator?.role).toBe('creator');
    const [fan] = await testApp.app.db.select().from(users).where(eq(users.email, seeded.fan.email));
    expect(fan?.role).toBe('fan');
  });

  it('gives the demo fan a preferred MTN number the payment sandbox completes', async () => {
    const response = await signIn(testApp.app, seeded.fan.email, seeded.fan.password);
    const methods = (
      await testApp.app.inject({ url: '/api/payment-methods', headers: { cookie: readCookies(response) } })
    ).json();
    expect(methods.mobileMoney).toEqual([
      expect.objectContaining({ name: 'MTN', phone: DEMO_FAN_MOBILE_MONEY, preffered: true }),
    ]);
    expect(DEMO_FAN_MOBILE_MONEY.endsWith('789')).toBe(true);
  });

  it('makes the creator lists come alive', async () => {
    const searched: TCreatorsPage = (await testApp.app.inject('/api/creators?q=mwla%20band')).json();
    expect(searched.creators[0]?.name).toBe('Mwila Banda');
    expect(searched.creators[0]?.imageAsset?.secure_url).toMatch(/^\/media\/.+\/avatar256\.webp$/);
    const featured: TCreatorsPage = (await testApp.app.inject('/api/creators/featured')).json();
    expect(featured.creators.length).toBeGreaterThanOrEqual(10);
  });

  it('publishes posts of every kind and visibility, whose photos and video the jobs make ready', async () => {
    const { db } = testApp.app;
    const rows = (
      await db
        .select()
        .from(posts)
        .innerJoin(items, eq(items.id, posts.id))
        .leftJoin(itemMedia, and(eq(itemMedia.itemId, posts.id), eq(itemMedia.role, 'main')))
    ).map((row) => ({
      ...row.posts,
      visibility: row.items.visibility,
      price: row.items.price,
      mediaPublicId: row.item_media?.mediaPublicId,
    }));
    expect(seeded.posts).toBe(rows.length);
    const creatorIds = new Set(
      (await db.select().from(users).where(eq(users.role, 'creator'))).map((c) => c.id),
    );
    expect(new Set(rows.map((post) => post.authorId))).toEqual(creatorIds);
    expect(new Set(rows.map((post) => post.type))).toEqual(new Set(['text', 'photo', 'video']));
    expect(new Set(rows.map((post) => post.visibility))).toEqual(
      new Set(['everyone', 'subscribers', 'pay-to-unlock']),
    );
    for (const post of rows.filter((row) => row.visibility === 'pay-to-unlock')) {
      expect(post.price).toBeGreaterThanOrEqual(100);
    }

    const mediaIds = rows.flatMap((post) => post.mediaPublicId ?? []);
    expect(mediaIds.length).toBe(rows.filter((post) => post.type !== 'text').length);
    for (const publicId of mediaIds) {
      expect(await waitUntilProcessed(testApp.app, publicId, 120_000)).toMatchObject({ status: 'ready' });
    }

    // Signed out, Mwila Banda's page shows the video with its poster, and reactions.
    const page: TPostsPage = (await testApp.app.inject('/api/post/fetch-all/mwilabanda')).json();
    const video = page.posts.find((post) => post.type === 'video');
    expect(video?.postAssets?.video?.secure_url).toMatch(
      /^\/media\/folder\/\d+\.public\.[^/]+\/[A-Za-z0-9_-]+\/hls\/master\.m3u8$/,
    );
    expect(video?.postAssets?.video?.poster).toMatch(/poster/);
    const reactions = page.posts.flatMap((post) => Object.values(post.reactionCounts));
    expect(reactions.some((count) => count > 0)).toBe(true);

    // The demo fan's home feed is full.
    const fan = await signIn(testApp.app, seeded.fan.email, seeded.fan.password);
    const feed: TPostsPage = (
      await testApp.app.inject({ url: '/api/feed', headers: { cookie: readCookies(fan) } })
    ).json();
    expect(feed.posts.length).toBe(POST_PAGE_SIZE);
  }, 180_000);

  it('publishes tracks the jobs process, one public, one pay-to-unlock and one for pass holders', async () => {
    const { db } = testApp.app;
    const tracks = await db
      .select({ audioPublicId: itemMedia.mediaPublicId })
      .from(audioTracks)
      .innerJoin(itemMedia, and(eq(itemMedia.itemId, audioTracks.id), eq(itemMedia.role, 'main')));
    expect(seeded.tracks).toBe(tracks.length);
    for (const track of tracks) {
      expect(await waitUntilProcessed(testApp.app, track.audioPublicId, 120_000)).toMatchObject({
        status: 'ready',
      });
    }
    // Signed out, Mwila Banda's Audio tab: the public track plays in full, the others their preview.
    const page: TAudiosPage = (await testApp.app.inject('/api/audio/profile-audios/mwilabanda/0')).json();
    expect(page.audios.map((audio) => audio.visibility).sort()).toEqual([
      'everyone',
      'pay-to-unlock',
      'subscribers',
    ]);
    for (const audio of page.audios) {
      expect(audio.audio_asset.preview_url).toMatch(/\/preview\.m4a$/);
      expect(audio.audio_asset.duration).toBeGreaterThan(40);
      expect(audio.cover_asset?.secure_url).toMatch(/\/square\.webp$/);
      expect(Boolean(audio.audio_asset.secure_url)).toBe(audio.visibility === 'everyone');
    }
  }, 180_000);

  it('publishes a series of three episodes and two stand-alone videos the jobs stream', async () => {
    const { app } = testApp;
    expect(seeded.videos).toBe(5);
    const tab: TVideosPage = (await app.inject('/api/video/profile_videos/mutalefilms/0')).json();
    // Shown once processed: wait for every file, then read the tab again.
    const files = await app.db
      .select({ publicId: itemMedia.mediaPublicId })
      .from(itemMedia)
      .innerJoin(items, eq(items.id, itemMedia.itemId))
      .where(and(eq(items.kind, 'video'), eq(itemMedia.role, 'main')));
    expect(files).toHaveLength(5);
    for (const file of files) {
      expect(await waitUntilProcessed(app, file.publicId, 180_000)).toMatchObject({ status: 'ready' });
    }
    const ready: TVideosPage = (await app.inject('/api/video/profile_videos/mutalefilms/0')).json();
    expect(tab.videos.length).toBeLessThanOrEqual(ready.videos.length);
    const series = ready.videos.find((video) => video.type === 'series');
    expect(series).toMatchObject({ title: 'Copperbelt Stories', episodesCount: 3 });
    expect(
      ready.videos
        .filter((video) => video.type === 'video')
        .map((video) => video.visibility)
        .sort(),
    ).toEqual(['everyone', 'pay-to-unlock']);
    // Signed out: the first episode plays whole, the others give their preview.
    const watch: TWatchResponse = (await app.inject(`/api/video/fetch-to-watch/${series!._id}`)).json();
    const [first, ...rest] = watch.series!.episodes;
    expect(first?.stream?.master_url).toMatch(/^\/media\/folder\/.+\/hls\/master\.m3u8$/);
    for (const episode of rest) {
      expect(episode).toMatchObject({ visibility: 'subscribers', hasPaid: false });
      expect(episode.stream?.master_url).toBeNull();
      expect(episode.stream?.preview_url).toMatch(/\/preview\.mp4$/);
    }
    const master = await app.inject(first!.stream!.master_url!);
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('#EXTM3U');
  }, 300_000);

  it('is never created twice', async () => {
    const before = await countUsers();
    expect(await seed(false)).toEqual({ status: 'skipped', reason: 'not-empty' });
    expect(await countUsers()).toBe(before);
  });
});
