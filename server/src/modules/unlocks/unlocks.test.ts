import { randomUUID } from 'node:crypto';
import { AUDIO_MESSAGES } from '@stagepass/contract/audio';
import { POST_MESSAGES, type TPost } from '@stagepass/contract/posts';
import { UNLOCK_MESSAGES } from '@stagepass/contract/unlocks';
import { VIDEO_MESSAGES } from '@stagepass/contract/video';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { unlocks } from '../../db/schema/index.ts';
import { publishTrack } from '../../test/factories/audio.ts';
import { createFanWithBalance } from '../../test/factories/money.ts';
import { createPerson, getAs, type TestPerson } from '../../test/factories/people.ts';
import { publishText, updatePostAs } from '../../test/factories/posts.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { readBalance, walletAccountId } from '../money/ledger/ledger.service.ts';
import { hasUnlocked } from './unlocks.service.ts';

const testApp = setupTestApp();

function buyUnlock(
  app: App,
  fan: TestPerson,
  creator: TestPerson,
  item: { type: string; id: string },
  extra: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/purchases',
    headers: { cookie: fan.cookie },
    payload: { purchaseId: randomUUID(), kind: 'unlock', creator: creator.username, item, ...extra },
  });
}

const publishPaid = (app: App, creator: TestPerson, price = 500, description = 'Behind the song') =>
  publishText(app, creator, { description, visibility: 'pay-to-unlock', price });

const readPost = async (app: App, fan: TestPerson, postId: string) =>
  (await getAs(app, fan.cookie, `/api/post/fetch-post/${postId}`)).json().post as TPost;

describe("the 'unlock' purchase of a pay-to-unlock post", () => {
  it('charges the post price from the wallet, and the post reads in full at once', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 2_000);
    const text = 'The story behind the song, written out in full for those who unlock it.';
    const postId = await publishPaid(app, creator, 750, text);
    const locked = await readPost(app, fan, postId);
    expect(locked).toMatchObject({ isLocked: true, lockReason: 'pay-to-unlock', price: 750 });
    // The text is what is sold: a teaser only until it is unlocked.
    expect(locked.description).toBe('The story behind the…');

    const answer = await buyUnlock(app, fan, creator, { type: 'post', id: postId });
    expect(answer.statusCode).toBe(201);
    expect(answer.json().purchase).toMatchObject({
      kind: 'unlock',
      status: 'completed',
      amount: 750,
      details: { itemType: 'post', itemId: postId },
    });
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(1_250);
    expect(await readPost(app, fan, postId)).toMatchObject({
      isLocked: false,
      lockReason: null,
      description: text,
    });
    expect(await hasUnlocked(app.db, fan.id, postId)).toBe(true);
    const [row] = await app.db.select().from(unlocks).where(eq(unlocks.fanId, fan.id));
    expect(row).toMatchObject({
      itemId: postId,
      purchaseId: answer.json().purchase.purchaseId,
    });
  });

  it('refuses a second unlock of the same post, charging nothing', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 2_000);
    const postId = await publishPaid(app, creator);
    expect((await buyUnlock(app, fan, creator, { type: 'post', id: postId })).statusCode).toBe(201);

    const again = await buyUnlock(app, fan, creator, { type: 'post', id: postId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, message: UNLOCK_MESSAGES.alreadyUnlocked });
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(1_500);
  });

  it('keeps the unlock after the creator changes the price, or makes the post for pass holders', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 2_000);
    const other = await createFanWithBalance(app, 2_000);
    const postId = await publishPaid(app, creator, 500);
    await buyUnlock(app, fan, creator, { type: 'post', id: postId });

    const repriced = await updatePostAs(app, creator.cookie, postId, {
      target: 'post',
      update: { price: 1_500 },
    });
    expect(repriced.statusCode).toBe(200);
    expect(await readPost(app, fan, postId)).toMatchObject({ isLocked: false, price: 1_500 });
    // The next fan pays the new price.
    const next = await buyUnlock(app, other, creator, { type: 'post', id: postId });
    expect(next.json().purchase.amount).toBe(1_500);

    const forMembers = await updatePostAs(app, creator.cookie, postId, {
      target: 'post',
      update: { visibility: 'subscribers' },
    });
    expect(forMembers.statusCode).toBe(200);
    expect(await readPost(app, fan, postId)).toMatchObject({ isLocked: false });
    const stranger = await createPerson(app, { role: 'fan' });
    expect(await readPost(app, stranger, postId)).toMatchObject({
      isLocked: true,
      lockReason: 'subscribers',
    });
  });

  it('refuses what cannot be unlocked, with a clear message and nothing charged', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const otherCreator = await createPerson(app);
    const fan = await createFanWithBalance(app, 2_000);
    const paid = await publishPaid(app, creator);
    const forMembers = await publishText(app, creator, { visibility: 'subscribers' });
    const open = await publishText(app, creator);
    const openTrack = await publishTrack(app, creator);

    const cases: [{ type: string; id: string }, TestPerson, number, string][] = [
      [{ type: 'audio', id: 'AAAAAAAAAAAAAAAA' }, creator, 404, AUDIO_MESSAGES.notFound],
      [{ type: 'audio', id: openTrack.audioId }, creator, 400, UNLOCK_MESSAGES.trackNotForSale],
      [{ type: 'video', id: 'AAAAAAAAAAAAAAAA' }, creator, 404, VIDEO_MESSAGES.notFound],
      [{ type: 'video', id: openTrack.audioId }, creator, 404, VIDEO_MESSAGES.notFound],
      [{ type: 'post', id: forMembers }, creator, 400, UNLOCK_MESSAGES.notForSale],
      [{ type: 'post', id: open }, creator, 400, UNLOCK_MESSAGES.notForSale],
      [{ type: 'post', id: paid }, otherCreator, 400, UNLOCK_MESSAGES.otherCreator],
      [{ type: 'post', id: 'AAAAAAAAAAAAAAAA' }, creator, 404, POST_MESSAGES.postNotFound],
    ];
    for (const [item, seller, status, message] of cases) {
      const answer = await buyUnlock(app, fan, seller, item);
      expect(answer.statusCode, JSON.stringify(item)).toBe(status);
      expect(answer.json().message).toBe(message);
    }
    // The price is the post's, never the body's: a stale expectation is refused.
    const stale = await buyUnlock(app, fan, creator, { type: 'post', id: paid }, { expectedAmount: 100 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'PRICE_CHANGED', amount: 500 });
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(2_000);
    expect(await hasUnlocked(app.db, fan.id, paid)).toBe(false);
  });

  it('lists the posts the fan unlocked, the newest unlock first', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 10_000);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push(await publishPaid(app, creator, 100, `Paid ${i}`));
    const notBought = await publishPaid(app, creator);
    // Unlocked in another order than published.
    for (const id of [ids[1]!, ids[0]!, ids[2]!]) await buyUnlock(app, fan, creator, { type: 'post', id });

    const all = await getAs(app, fan.cookie, '/api/post/fetch-purchased-posts/0');
    expect(all.statusCode).toBe(200);
    const posts = all.json().posts as TPost[];
    expect(posts.map((post) => post.postId)).toEqual([ids[2], ids[0], ids[1]]);
    expect(posts.map((post) => post.postId)).not.toContain(notBought);
    expect(all.json().nextCursor).toBeNull();

    // Someone else's list is their own; signed out is refused.
    const stranger = await createPerson(app, { role: 'fan' });
    expect((await getAs(app, stranger.cookie, '/api/post/fetch-purchased-posts/0')).json().posts).toEqual([]);
    expect((await getAs(app, undefined, '/api/post/fetch-purchased-posts/0')).statusCode).toBe(401);
    expect((await getAs(app, fan.cookie, '/api/post/fetch-purchased-posts/nonsense')).statusCode).toBe(400);
  });
});
