import { randomUUID } from 'node:crypto';
import { PURCHASE_MESSAGES } from '@stagepass/contract/purchases';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../../../app.ts';
import { cardTopups, deposits, purchases } from '../../../db/schema/index.ts';
import { createFanWithBalance, waitForPurchase } from '../../../test/factories/money.ts';
import { createPerson, insertBlock, type TestPerson } from '../../../test/factories/people.ts';
import { publishText } from '../../../test/factories/posts.ts';
import { answerChallenge, followReturn, saveTestCard } from '../card-topups/test-card-topups.ts';
import { expectLedgerBalanced, setupListeningTestApp } from '../deposits/test-deposits.ts';
import { earningsAccountId, readBalance, walletAccountId } from '../ledger/ledger.service.ts';

// A block stops all money between two accounts, both ways: every kind of purchase, paid from
// the wallet, with a top-up of the shortfall (refused at the start, or failed when the top-up
// lands after a block). One refusal, one message; a pass renewing by itself is refused
// too (passes/pass-schedules.test.ts).

// The sandbox's payer answers after 1.5 s: time to block while a top-up is on its way.
const testApp = setupListeningTestApp({ PAWAPAY_SANDBOX_SETTLE_MS: '1500' });
const COMPLETES = '260763456789';
const BLOCKED = { success: false, code: 'BLOCKED', message: PURCHASE_MESSAGES.blocked };

function buy(app: App, fan: TestPerson, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/purchases',
    headers: { cookie: fan.cookie },
    payload: { purchaseId: randomUUID(), ...body },
  });
}

async function offerPass(app: App, creator: TestPerson) {
  const answer = await app.inject({
    method: 'PUT',
    url: '/api/users/pricing',
    headers: { cookie: creator.cookie },
    payload: { period: 'weekly', price: 2_000 },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

/** What a fan may buy of the creator, one body per kind. */
async function bodiesOfEveryKind(
  app: App,
  creator: TestPerson,
): Promise<[string, Record<string, unknown>][]> {
  await offerPass(app, creator);
  const post = await publishText(app, creator);
  const paidPost = await publishText(app, creator, { visibility: 'pay-to-unlock', price: 750 });
  const creatorName = creator.username;
  return [
    ['pass', { kind: 'pass', creator: creatorName, period: 'weekly' }],
    ['unlock', { kind: 'unlock', creator: creatorName, item: { type: 'post', id: paidPost } }],
    ['tip', { kind: 'tip', creator: creatorName, postId: post, tipName: 'clap', amount: 500 }],
    ['support', { kind: 'support', creator: creatorName, amount: 1_000 }],
  ];
}

async function countPurchases(app: App, fan: TestPerson): Promise<number> {
  return (await app.db.select().from(purchases).where(eq(purchases.fanId, fan.id))).length;
}

describe('a block between a fan and a creator', () => {
  it.each([
    ['the creator blocked the fan', 'creator'],
    ['the fan blocked the creator', 'fan'],
  ] as const)('refuses every kind of purchase paid from the wallet when %s', async (_, blocker) => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 20_000);
    const bodies = await bodiesOfEveryKind(app, creator);
    // Every body is one the fan can buy without the block.
    const other = await createFanWithBalance(app, 20_000);
    for (const [kind, body] of bodies) {
      expect((await buy(app, other, body)).statusCode, kind).toBe(201);
    }
    if (blocker === 'creator') await insertBlock(app, creator.id, fan.id);
    else await insertBlock(app, fan.id, creator.id);

    for (const [kind, body] of bodies) {
      const answer = await buy(app, fan, body);
      expect(answer.statusCode, kind).toBe(403);
      expect(answer.json(), kind).toEqual(BLOCKED);
    }
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(20_000);
    expect(await countPurchases(app, fan)).toBe(0);
  });

  it('refuses a purchase whose shortfall would be topped up by mobile money or a card, before any top-up starts', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createPerson(app, { role: 'fan' });
    const card = await saveTestCard(app, fan, 'succeeds');
    await insertBlock(app, creator.id, fan.id);

    for (const funding of [
      { method: 'mobile-money', phone: COMPLETES, correspondent: 'MTN_MOMO_ZMB' },
      { method: 'card', paymentMethodId: card },
    ]) {
      const answer = await buy(app, fan, {
        kind: 'support',
        creator: creator.username,
        amount: 1_000,
        funding,
      });
      expect(answer.statusCode, funding.method).toBe(403);
      expect(answer.json(), funding.method).toEqual(BLOCKED);
    }
    expect(await app.db.select().from(deposits).where(eq(deposits.userId, fan.id))).toEqual([]);
    expect(await app.db.select().from(cardTopups).where(eq(cardTopups.userId, fan.id))).toEqual([]);
    expect(await countPurchases(app, fan)).toBe(0);
  });

  it('fails a purchase waiting on a mobile money top-up when a block comes first: the top-up stays in the wallet', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createPerson(app, { role: 'fan' });
    const answer = await buy(app, fan, {
      kind: 'support',
      creator: creator.username,
      amount: 1_000,
      funding: { method: 'mobile-money', phone: COMPLETES, correspondent: 'MTN_MOMO_ZMB' },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const { purchase } = answer.json();
    expect(purchase.status).toBe('awaiting-payment');
    await insertBlock(app, fan.id, creator.id);

    const failed = await waitForPurchase(app, fan, purchase.purchaseId, 'failed');
    expect(failed.failureReason).toBe(PURCHASE_MESSAGES.blocked);
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(1_000);
    expect(await readBalance(app.db, earningsAccountId(creator.id))).toBe(0);
    await expectLedgerBalanced(app);
  });

  it('fails a purchase waiting on a card’s 3-D Secure check when a block comes first: the top-up stays in the wallet', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createPerson(app, { role: 'fan' });
    const card = await saveTestCard(app, fan, 'requiresAuthentication');
    const answer = await buy(app, fan, {
      kind: 'support',
      creator: creator.username,
      amount: 1_000,
      funding: { method: 'card', paymentMethodId: card },
    });
    const { purchase, cardTopup } = answer.json();
    expect(purchase.status).toBe('awaiting-payment');
    await insertBlock(app, creator.id, fan.id);

    const { location } = await answerChallenge(app, cardTopup.challengeUrl, 'Approve');
    await followReturn(app, fan, location);

    const failed = await waitForPurchase(app, fan, purchase.purchaseId, 'failed');
    expect(failed.failureReason).toBe(PURCHASE_MESSAGES.blocked);
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(1_000);
    expect(await readBalance(app.db, earningsAccountId(creator.id))).toBe(0);
    await expectLedgerBalanced(app);
  });
});
