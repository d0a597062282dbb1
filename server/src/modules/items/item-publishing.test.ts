import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { items } from '../../db/schema/index.ts';
import { waitFor } from '../../jobs/test-jobs.ts';
import { queueProcessingOf, uploadForProcessing, waitUntilProcessed } from '../../test/factories/media.ts';
import { createPerson, getAs, type TestPerson } from '../../test/factories/people.ts';
import { createPostAs } from '../../test/factories/posts.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { publishItemsWithReadyFile } from './items.service.ts';

// An item whose main file is still processing waits in 'processing', seen by its author
// only, and is published (and told, item.published) when media says the file is ready:
// through the real upload, the real processing job and the real event delivery.

const testApp = setupTestApp();
const published: string[] = [];

beforeAll(() => {
  testApp.app.events.subscribe('item.published', 'note-it-for-the-test', async ({ itemId }) => {
    published.push(itemId);
  });
});

const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#3060c0' } })
    .jpeg()
    .toBuffer();

/** A photo post over an upload whose processing starts only when `startProcessing` is called. */
async function postOverUnprocessedPhoto(app: App, creator: TestPerson, data: Buffer) {
  const publicId = await uploadForProcessing(app, {
    ownerId: creator.id,
    kind: 'image',
    data,
    extension: 'jpg',
    isQueued: false,
  });
  const answer = await createPostAs(app, creator.cookie, {
    type: 'photo',
    description: 'Sunset over the Kafue',
    postAssets: { image: { public_id: publicId } },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  const postId: string = answer.json().newPost.postId;
  const startProcessing = () => queueProcessingOf(app, { publicId, kind: 'image', ownerId: creator.id });
  return { postId, publicId, startProcessing };
}

const readItem = async (app: App, itemId: string) =>
  (await app.db.select().from(items).where(eq(items.id, itemId)))[0];

/** Runs the job engine until nothing is left that could publish or tell (deliveries too). */
async function settle(app: App, itemId: string) {
  return waitFor(
    async () => {
      app.jobs.wake();
      const item = await readItem(app, itemId);
      return item?.status === 'published' && published.includes(itemId) ? item : undefined;
    },
    { timeoutMs: 30_000, what: `item ${itemId} to be published and told` },
  );
}

describe('publishing when the main file is ready', () => {
  it('keeps the item processing and untold, for its author only, until the file is ready; then publishes it once', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createPerson(app);
    const { postId, publicId, startProcessing } = await postOverUnprocessedPhoto(app, creator, await photo());

    expect(await readItem(app, postId)).toMatchObject({ status: 'processing', publishedAt: null });
    expect((await getAs(app, fan.cookie, `/api/items/${postId}`)).statusCode).toBe(404);
    expect((await getAs(app, creator.cookie, `/api/items/${postId}`)).statusCode).toBe(200);
    expect(published).not.toContain(postId);

    await startProcessing();
    const item = await settle(app, postId);
    expect(item.publishedAt).not.toBeNull();
    expect(item.publishedAt!.getTime()).toBeGreaterThanOrEqual(item.createdAt.getTime());
    expect((await getAs(app, fan.cookie, `/api/items/${postId}`)).statusCode).toBe(200);

    // A second delivery of media.ready (deliveries may repeat) publishes and tells nothing again.
    expect(await publishItemsWithReadyFile(app.db, publicId)).toBe(0);
    expect(published.filter((id) => id === postId)).toHaveLength(1);
  });

  it('publishes at once, and tells, an item whose file was ready before the create', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const publicId = await uploadForProcessing(app, {
      ownerId: creator.id,
      kind: 'image',
      data: await photo(),
      extension: 'jpg',
    });
    expect(await waitUntilProcessed(app, publicId)).toMatchObject({ status: 'ready' });
    const answer = await createPostAs(app, creator.cookie, {
      type: 'photo',
      description: 'Ready already',
      postAssets: { image: { public_id: publicId } },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const postId: string = answer.json().newPost.postId;
    expect(await readItem(app, postId)).toMatchObject({ status: 'published' });
    await settle(app, postId);
  });

  it('never publishes an item whose file fails processing: its author still sees it, with the failure', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createPerson(app);
    const notAPhoto = Buffer.from('these bytes are no picture at all');
    const { postId, startProcessing } = await postOverUnprocessedPhoto(app, creator, notAPhoto);
    await startProcessing();
    await waitFor(
      async () => {
        app.jobs.wake();
        const answer = await getAs(app, creator.cookie, `/api/post/fetch-post/${postId}`);
        return answer.statusCode === 200 && answer.json().post?.media?.status === 'failed'
          ? answer
          : undefined;
      },
      { timeoutMs: 30_000, what: 'the failure to show' },
    );
    expect(await readItem(app, postId)).toMatchObject({ status: 'processing', publishedAt: null });
    expect(published).not.toContain(postId);
    expect((await getAs(app, fan.cookie, `/api/items/${postId}`)).statusCode).toBe(404);
  });
});
