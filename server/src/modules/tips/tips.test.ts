import { randomUUID } from 'node:crypto';
import type { TPost } from '@stagepass/contract/posts';
import { PURCHASE_MESSAGES } from '@stagepass/contract/purchases';
import { TIP_OPTIONS, TIPS_SHOWN } from '@stagepass/contract/tips';
import { describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createFanWithBalance } from '../../test/factories/money.ts';
import { createPerson, getAs, insertBlock, type TestPerson } from '../../test/factories/people.ts';
import { publishText } from '../../test/factories/posts.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { earningsAccountId, readBalance, walletAccountId } from '../money/ledger/ledger.service.ts';

const testApp = setupTestApp({ env: { PLATFORM_FEE_PERCENT: '10' } });

function tip(app: App, fan: TestPerson, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/purchases',
    headers: { cookie: fan.cookie },
    payload: { purchaseId: randomUUID(), kind: 'tip', ...body },
  });
}

async function readPost(app: App, viewer: TestPerson | undefined, postId: string): Promise<TPost> {
  const answer = await getAs(app, viewer?.cookie, `/api/post/fetch-post/${postId}`);
  expect(answer.statusCode).toBe(200);
  return answer.json().post;
}

describe('the named tips', () => {
  it('lists five to eight tips from K5 to K200, each with its own name and emoji', () => {
    expect(TIP_OPTIONS.length).toBeGreaterThanOrEqual(5);
    expect(TIP_OPTIONS.length).toBeLessThanOrEqual(8);
    for (const option of TIP_OPTIONS) {
      expect(option.amount).toBeGreaterThanOrEqual(500);
      expect(option.amount).toBeLessThanOrEqual(20_000);
      expect(option.emoji).not.toBe('');
    }
    expect(new Set(TIP_OPTIONS.map((option) => option.name.toLowerCase())).size).toBe(TIP_OPTIONS.length);
  });

  it.each(TIP_OPTIONS.map((option) => [option.name, option.amount] as const))(
    'sells %s for its amount, %i ngwee',
    async (name, amount) => {
      const { app } = testApp;
      const creator = await createPerson(app);
      const postId = await publishText(app, creator);
      const fan = await createFanWithBalance(app, 20_000);

      const answer = await tip(app, fan, { creator: creator.username, postId, tipName: name, amount });

      expect(answer.statusCode).toBe(201);
      expect(answer.json().purchase).toMatchObject({ kind: 'tip', status: 'completed', amount });
      expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(20_000 - amount);
    },
  );
});

describe('POST /api/purchases of kind tip', () => {
  it('refuses an amount other than the named tip\u2019s, and a name not on the list, charging nothing', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const postId = await publishText(app, creator);
    const fan = await createFanWithBalance(app, 20_000);
    const [clap] = TIP_OPTIONS;

    const wrongAmount = await tip(app, fan, {
      creator: creator.username,
      postId,
      tipName: clap!.name,
      amount: clap!.amount + 100,
    });
    expect(wrongAmount.statusCode).toBe(400);
    expect(wrongAmount.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'amount',
      message: `The ${clap!.name} tip is K${clap!.amount / 100}.`,
    });

    const unknown = await tip(app, fan, {
      creator: creator.username,
      postId,
      tipName: 'Gold bar',
      amount: 500,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'tipName' });
    expect(unknown.json().message).toContain(clap!.name);
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(20_000);
  });

  it('refuses a tip on a missing post, a blocked author\u2019s post, or a post by another creator', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const other = await createPerson(app);
    const othersPost = await publishText(app, other);
    const fan = await createFanWithBalance(app, 20_000);
    const [clap] = TIP_OPTIONS;
    const body = { creator: creator.username, tipName: clap!.name, amount: clap!.amount };

    const missing = await tip(app, fan, { ...body, postId: 'AAAAAAAAAAAAAAAA' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'This post does not exist.' });

    const notTheirs = await tip(app, fan, { ...body, postId: othersPost });
    expect(notTheirs.statusCode).toBe(400);
    expect(notTheirs.json()).toMatchObject({ message: 'This post is not by this creator.' });

    const blockedPost = await publishText(app, creator);
    await insertBlock(app, creator.id, fan.id);
    const blocked = await tip(app, fan, { ...body, postId: blockedPost });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'BLOCKED', message: PURCHASE_MESSAGES.blocked });
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(20_000);
  });

  it('shows the tip on the post, newest first, and pays the creator the tip less the fee', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const postId = await publishText(app, creator);
    const fan = await createFanWithBalance(app, 100_000);
    const [clap, munkoyo] = TIP_OPTIONS;

    expect(
      await tip(app, fan, { creator: creator.username, postId, tipName: 'clap', amount: clap!.amount }),
    ).toMatchObject({ statusCode: 201 });
    expect(
      await tip(app, fan, {
        creator: creator.username,
        postId,
        tipName: munkoyo!.name,
        amount: munkoyo!.amount,
      }),
    ).toMatchObject({ statusCode: 201 });

    const post = await readPost(app, undefined, postId);
    expect(post.tips).toEqual([
      { name: munkoyo!.name, emoji: munkoyo!.emoji, amount: munkoyo!.amount, owner: fan.id, postId },
      { name: clap!.name, emoji: clap!.emoji, amount: clap!.amount, owner: fan.id, postId },
    ]);
    expect(post.tipTotals).toEqual({ count: 2, amount: clap!.amount + munkoyo!.amount });
    // 10 % of K5 and of K10, rounded down: the creator keeps the rest.
    const paid = clap!.amount + munkoyo!.amount;
    const fees = Math.floor(clap!.amount / 10) + Math.floor(munkoyo!.amount / 10);
    expect(await readBalance(app.db, earningsAccountId(creator.id))).toBe(paid - fees);
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(100_000 - paid);
  });

  it(`keeps tips[] to the newest ${TIPS_SHOWN} while tipTotals counts them all`, async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const postId = await publishText(app, creator);
    const fan = await createFanWithBalance(app, 100_000);
    const [clap] = TIP_OPTIONS;
    for (let index = 0; index < TIPS_SHOWN + 2; index += 1) {
      const answer = await tip(app, fan, {
        creator: creator.username,
        postId,
        tipName: clap!.name,
        amount: clap!.amount,
      });
      expect(answer.statusCode).toBe(201);
    }
    const post = await readPost(app, fan, postId);
    expect(post.tips).toHaveLength(TIPS_SHOWN);
    expect(post.tipTotals).toEqual({ count: TIPS_SHOWN + 2, amount: (TIPS_SHOWN + 2) * clap!.amount });
  });

  it('tips once for a repeated purchaseId', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const postId = await publishText(app, creator);
    const fan = await createFanWithBalance(app, 100_000);
    const [, , nshima] = TIP_OPTIONS;
    const body = {
      purchaseId: randomUUID(),
      creator: creator.username,
      postId,
      tipName: nshima!.name,
      amount: nshima!.amount,
    };

    const answers = await Promise.all([tip(app, fan, body), tip(app, fan, body), tip(app, fan, body)]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 201]);
    const post = await readPost(app, fan, postId);
    expect(post.tips).toHaveLength(1);
    expect(post.tipTotals).toEqual({ count: 1, amount: nshima!.amount });
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(100_000 - nshima!.amount);
  });

  it('answers 402 with the shortfall when the wallet is short, and puts no tip on the post', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const postId = await publishText(app, creator);
    const fan = await createPerson(app, { role: 'fan' });
    const [clap] = TIP_OPTIONS;

    const answer = await tip(app, fan, {
      creator: creator.username,
      postId,
      tipName: clap!.name,
      amount: clap!.amount,
    });

    expect(answer.statusCode).toBe(402);
    expect(answer.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', shortfall: clap!.amount });
    expect((await readPost(app, fan, postId)).tips).toEqual([]);
  });
});

describe('one-off support', () => {
  it('shows on the fan\u2019s receipts', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 10_000);
    const purchaseId = randomUUID();
    const sent = await app.inject({
      method: 'POST',
      url: '/api/purchases',
      headers: { cookie: fan.cookie },
      payload: { purchaseId, kind: 'support', creator: creator.username, amount: 2_500 },
    });
    expect(sent.statusCode).toBe(201);

    const receipts = await getAs(app, fan.cookie, '/api/purchases');
    expect(receipts.statusCode).toBe(200);
    expect(receipts.json().purchases).toEqual([
      expect.objectContaining({
        purchaseId,
        kind: 'support',
        status: 'completed',
        amount: 2_500,
        creator: { username: creator.username, name: expect.any(String) },
      }),
    ]);
  });
});
