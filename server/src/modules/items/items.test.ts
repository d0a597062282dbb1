import { ITEM_MESSAGES, type TItemSummary } from '@stagepass/contract/items';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { creatorItemEarnings, items, postTips, unlocks } from '../../db/schema/index.ts';
import { publishTrack } from '../../test/factories/audio.ts';
import { buyAs, createFanWithBalance } from '../../test/factories/money.ts';
import { createPerson, getAs, insertBlock, type TestPerson } from '../../test/factories/people.ts';
import { publishText } from '../../test/factories/posts.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { decideAccess } from './item-access.service.ts';
import { loadItemsForViewer } from './items.service.ts';

const testApp = setupTestApp();

async function buy(app: App, fan: TestPerson, creator: TestPerson, payload: Record<string, unknown>) {
  const response = await buyAs(app, fan, { creator: creator.username, ...payload });
  if (response.statusCode !== 201) throw new Error(response.body);
}

const paidText = {
  visibility: 'pay-to-unlock' as const,
  price: 500,
  description: 'Words worth paying for, and more of them',
};

describe('the catalogue', () => {
  it('answers any item by its id alone, with its kind, title, author, price and lock as the viewer sees it', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 5_000);
    const postId = await publishText(app, creator, paidText);
    const track = await publishTrack(app, creator, {
      visibility: 'pay-to-unlock',
      price: 300,
      title: 'Dawn',
    });

    const post = (await getAs(app, fan.cookie, `/api/items/${postId}`)).json() as TItemSummary;
    expect(post).toMatchObject({
      itemId: postId,
      kind: 'post',
      title: paidText.description,
      author: { userId: creator.id, pageId: creator.username },
      visibility: 'pay-to-unlock',
      price: 500,
      isLocked: true,
      lockReason: 'pay-to-unlock',
      isOwn: false,
    });
    const audio = (await getAs(app, undefined, `/api/items/${track.audioId}`)).json() as TItemSummary;
    expect(audio).toMatchObject({ kind: 'audio', title: 'Dawn', price: 300, isLocked: true, isOwn: false });
    expect((await getAs(app, creator.cookie, `/api/items/${postId}`)).json()).toMatchObject({
      isLocked: false,
      lockReason: null,
      isOwn: true,
    });

    // The same purchase body without guessing the kind's words: the summary's kind.
    await buy(app, fan, creator, { kind: 'unlock', item: { type: audio.kind, id: audio.itemId } });
    expect((await getAs(app, fan.cookie, `/api/items/${track.audioId}`)).json()).toMatchObject({
      isLocked: false,
      lockReason: null,
    });

    const missing = await getAs(app, fan.cookie, '/api/items/AAAAAAAAAAAAAAAA');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ITEM_MESSAGES.notFound);
    expect((await getAs(app, fan.cookie, '/api/items/not-an-id')).statusCode).toBe(400);
    await insertBlock(app, creator.id, fan.id);
    expect((await getAs(app, fan.cookie, `/api/items/${postId}`)).statusCode).toBe(404);
  });

  it('loads items of mixed kinds in their kinds’ answers, as each kind’s own read shows them', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createPerson(app);
    const postId = await publishText(app, creator, paidText);
    const track = await publishTrack(app, creator, { title: 'Evening' });
    const hiddenId = await publishText(app, creator, { description: 'Taken down' });
    await app.db.update(items).set({ status: 'hidden' }).where(eq(items.id, hiddenId));

    const loaded = await loadItemsForViewer({
      db: app.db,
      appSecret: app.config.appSecret,
      viewerId: fan.id,
      ids: [track.audioId, hiddenId, 'AAAAAAAAAAAAAAAA', postId],
    });
    // In the order asked, the hidden and the missing left out; each as its kind answers it.
    expect(loaded.map(({ kind, itemId }) => [kind, itemId])).toEqual([
      ['audio', track.audioId],
      ['post', postId],
    ]);
    const [audio, post] = loaded;
    expect(audio?.kind === 'audio' && audio.answer).toMatchObject({
      audioId: track.audioId,
      title: 'Evening',
    });
    expect(post?.kind === 'post' && post.answer).toMatchObject({
      postId,
      isLocked: true,
      price: 500,
      description: expect.stringMatching(/…$/),
    });
    const ownRead = (await getAs(app, fan.cookie, `/api/post/fetch-post/${postId}`)).json();
    expect(post?.answer).toEqual(ownRead.post);
  });

  it('opens an item to whoever unlocked its parent, and to nobody else beyond the rule', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const buyer = await createFanWithBalance(app, 5_000);
    const stranger = await createPerson(app, { role: 'fan' });
    const whole = await publishText(app, creator, paidText);
    const part = await publishText(app, creator, paidText);
    // An episode of a series, as the video library will make them: its parent and place.
    await app.db.update(items).set({ parentId: whole, position: 1 }).where(eq(items.id, part));

    await buy(app, buyer, creator, { kind: 'unlock', item: { type: 'post', id: whole } });
    expect(await decideAccess(app.db, buyer.id, part)).toBe('full');
    expect(await decideAccess(app.db, stranger.id, part)).toBe('preview');
    const read = (await getAs(app, buyer.cookie, `/api/post/fetch-post/${part}`)).json();
    expect(read.post).toMatchObject({ postId: part, isLocked: false });
    // Deleting the series deletes its episodes, by the key.
    await app.db.delete(items).where(eq(items.id, whole));
    expect(await app.db.select().from(items).where(eq(items.id, part))).toEqual([]);
  });

  it('shows a hidden or removed item to nobody, its author included, and sells it to nobody', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 5_000);
    for (const status of ['hidden', 'removed'] as const) {
      const postId = await publishText(app, creator, paidText);
      await app.db.update(items).set({ status }).where(eq(items.id, postId));
      for (const viewer of [creator, fan]) {
        expect((await getAs(app, viewer.cookie, `/api/post/fetch-post/${postId}`)).statusCode).toBe(404);
        expect((await getAs(app, viewer.cookie, `/api/items/${postId}`)).statusCode).toBe(404);
        expect(await decideAccess(app.db, viewer.id, postId)).toBe('preview');
      }
      const purchase = await buyAs(app, fan, {
        kind: 'unlock',
        creator: creator.username,
        item: { type: 'post', id: postId },
      });
      expect(purchase.statusCode).toBe(404);
    }
  });

  it('deletes what points at a post with it: unlocks, tips and its earnings', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 5_000);
    const postId = await publishText(app, creator, paidText);
    await buy(app, fan, creator, { kind: 'unlock', item: { type: 'post', id: postId } });
    await buy(app, fan, creator, { kind: 'tip', postId, tipName: 'Munkoyo', amount: 1_000 });
    expect(await app.db.$count(unlocks, eq(unlocks.itemId, postId))).toBe(1);
    expect(await app.db.$count(postTips, eq(postTips.postId, postId))).toBe(1);
    expect(await app.db.$count(creatorItemEarnings, eq(creatorItemEarnings.itemId, postId))).toBe(1);

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/post/delete/${postId}`,
      headers: { cookie: creator.cookie },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await app.db.$count(items, eq(items.id, postId))).toBe(0);
    expect(await app.db.$count(unlocks, eq(unlocks.itemId, postId))).toBe(0);
    expect(await app.db.$count(postTips, eq(postTips.postId, postId))).toBe(0);
    expect(await app.db.$count(creatorItemEarnings, eq(creatorItemEarnings.itemId, postId))).toBe(0);
  });
});
