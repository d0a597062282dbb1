import { randomUUID } from 'node:crypto';
import { PURCHASE_MESSAGES } from '@stagepass/contract/purchases';
import { TIP_MESSAGES, TIP_OPTIONS } from '@stagepass/contract/tips';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { cardTopups, deposits, purchases } from '../db/schema/index.ts';
import { readBalance, walletAccountId } from '../modules/money/ledger/ledger.service.ts';
import { publishTrack } from './factories/audio.ts';
import { fundWallet, MTN_NUMBER, saveCardAs } from './factories/money.ts';
import { createPerson, type TestPerson } from './factories/people.ts';
import { publishText } from './factories/posts.ts';
import { setupTestApp } from './test-app.ts';

/**
 * Issue 24, point 13: a creator never pays themselves. The web says so before any pay form;
 * the server refuses every kind of purchase on their own page, whatever pays it (the
 * wallet, or a shortfall top-up by mobile money or card, which must not even start).
 */
const testApp = setupTestApp();

function buy(app: App, person: TestPerson, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/purchases',
    headers: { cookie: person.cookie },
    payload: { purchaseId: randomUUID(), ...body },
  });
}

async function setUpCreator(app: App) {
  const creator = await createPerson(app);
  const pricing = await app.inject({
    method: 'PUT',
    url: '/api/users/pricing',
    headers: { cookie: creator.cookie },
    payload: { period: 'monthly', price: 5_000 },
  });
  expect(pricing.statusCode).toBe(200);
  const paidPost = await publishText(app, creator, { visibility: 'pay-to-unlock', price: 700 });
  const openPost = await publishText(app, creator);
  const paidTrack = await publishTrack(app, creator, { visibility: 'pay-to-unlock', price: 900 });
  return { creator, paidPost, openPost, paidTrack };
}

describe('a purchase on your own page', () => {
  it('is refused for every kind, with one clear message, and nothing is charged', async () => {
    const { app } = testApp;
    const { creator, paidPost, openPost, paidTrack } = await setUpCreator(app);
    await fundWallet(app.db, creator.id, 50_000);
    const tip = TIP_OPTIONS[0]!;
    const orders = {
      pass: { kind: 'pass', period: 'monthly' },
      'unlock of a post': { kind: 'unlock', item: { type: 'post', id: paidPost } },
      'unlock of a track': { kind: 'unlock', item: { type: 'audio', id: paidTrack.audioId } },
      tip: { kind: 'tip', postId: openPost, tipName: tip.name, amount: tip.amount },
      support: { kind: 'support', amount: 2_000 },
    };
    for (const [what, order] of Object.entries(orders)) {
      const answer = await buy(app, creator, { ...order, creator: creator.username });
      expect(answer.statusCode, what).toBe(403);
      expect(answer.json(), what).toMatchObject({ success: false, message: PURCHASE_MESSAGES.ownPage });
    }
    expect(await readBalance(app.db, walletAccountId(creator.id))).toBe(50_000);
    expect(await app.db.select().from(purchases).where(eq(purchases.fanId, creator.id))).toEqual([]);
  });

  it('starts no top-up of a shortfall, by mobile money or by card', async () => {
    const { app } = testApp;
    const { creator } = await setUpCreator(app);
    const cardId = await saveCardAs(app, creator);
    const fundings = [
      { method: 'mobile-money', phone: `260${MTN_NUMBER.slice(1)}`, correspondent: 'MTN_MOMO_ZMB' },
      { method: 'card', paymentMethodId: cardId },
    ];
    for (const funding of fundings) {
      for (const order of [
        { kind: 'pass', period: 'monthly' },
        { kind: 'support', amount: 2_000 },
      ]) {
        const answer = await buy(app, creator, { ...order, creator: creator.username, funding });
        expect(answer.statusCode, `${order.kind} by ${funding.method}`).toBe(403);
        expect(answer.json().message).toBe(PURCHASE_MESSAGES.ownPage);
      }
    }
    expect(await app.db.select().from(deposits).where(eq(deposits.userId, creator.id))).toEqual([]);
    expect(await app.db.select().from(cardTopups).where(eq(cardTopups.userId, creator.id))).toEqual([]);
  });

  it("is refused too when another creator is named for one's own post", async () => {
    const { app } = testApp;
    const { creator, paidPost, openPost } = await setUpCreator(app);
    const other = await createPerson(app);
    await fundWallet(app.db, creator.id, 10_000);
    const tip = TIP_OPTIONS[0]!;
    const asTip = await buy(app, creator, {
      kind: 'tip',
      creator: other.username,
      postId: openPost,
      tipName: tip.name,
      amount: tip.amount,
    });
    expect(asTip.statusCode).toBe(400);
    expect(asTip.json().message).toBe(TIP_MESSAGES.notTheCreatorsPost);
    const asUnlock = await buy(app, creator, {
      kind: 'unlock',
      creator: other.username,
      item: { type: 'post', id: paidPost },
    });
    expect(asUnlock.statusCode).toBe(400);
    expect(await readBalance(app.db, walletAccountId(creator.id))).toBe(10_000);
  });
});
