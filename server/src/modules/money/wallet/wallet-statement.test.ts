import { randomUUID } from 'node:crypto';
import type { TWalletResponse } from '@stagepass/contract/wallet';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../../../app.ts';
import { createFanWithBalance, fundWallet } from '../../../test/factories/money.ts';
import { createPerson, getAs, type TestPerson } from '../../../test/factories/people.ts';
import { publishText } from '../../../test/factories/posts.ts';
import { setupTestApp } from '../../../test/test-app.ts';

// A 10 % fee, the default, said here so the figures below read plainly.
const testApp = setupTestApp({ env: { PLATFORM_FEE_PERCENT: '10' } });

async function buy(app: App, fan: TestPerson, body: Record<string, unknown>): Promise<string> {
  const purchaseId = randomUUID();
  const answer = await app.inject({
    method: 'POST',
    url: '/api/purchases',
    headers: { cookie: fan.cookie },
    payload: { purchaseId, ...body },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return purchaseId;
}

async function readStatement(app: App, person: TestPerson): Promise<TWalletResponse> {
  const answer = await getAs(app, person.cookie, '/api/wallet');
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

describe('the statement names each purchase for its reader', () => {
  it('tells the fan what and to whom at the price paid (no fee), and the creator what and from whom, net of the fee', async () => {
    const { app } = testApp;
    const creator = await createPerson(app, { name: 'Mutinta Hamoonga' });
    const fan = await createFanWithBalance(app, 20_000);
    // The fan's name as people have one (createFanWithBalance numbers them).
    await app.db.execute(sql`update users set name = 'Kondwani Tembo' where id = ${fan.id}`);
    const priced = await app.inject({
      method: 'PUT',
      url: '/api/users/pricing',
      headers: { cookie: creator.cookie },
      payload: { period: 'weekly', price: 2_500 },
    });
    expect(priced.statusCode).toBe(200);
    const postId = await publishText(app, creator);

    const passId = await buy(app, fan, { kind: 'pass', creator: creator.username, period: 'weekly' });
    const tipId = await buy(app, fan, {
      kind: 'tip',
      creator: creator.username,
      postId,
      tipName: 'Munkoyo',
      amount: 1_000,
    });
    const supportId = await buy(app, fan, { kind: 'support', creator: creator.username, amount: 555 });

    const fanView = await readStatement(app, fan);
    expect(fanView.earnings).toBeNull();
    expect(fanView.balance.amount).toBe(20_000 - 2_500 - 1_000 - 555);
    const counterpart = { username: creator.username, name: 'Mutinta Hamoonga' };
    expect(fanView.transactions.slice(0, 3)).toEqual([
      expect.objectContaining({
        kind: 'support',
        account: 'wallet',
        status: 'COMPLETED',
        amount: -555,
        description: 'Support to Mutinta Hamoonga',
        purchaseId: supportId,
        counterpart,
      }),
      expect.objectContaining({
        kind: 'tip',
        amount: -1_000,
        description: 'Tip "Munkoyo" to Mutinta Hamoonga',
        purchaseId: tipId,
      }),
      expect.objectContaining({
        kind: 'pass',
        amount: -2_500,
        description: 'Weekly pass to Mutinta Hamoonga',
        purchaseId: passId,
      }),
    ]);
    // The fee is nowhere in what the fan is told: no field names it (ids may hold the letters).
    for (const line of fanView.transactions) {
      expect(Object.keys(line).filter((key) => /fee/i.test(key))).toEqual([]);
    }
    expect(Object.keys(fanView).filter((key) => /fee/i.test(key))).toEqual([]);

    const creatorView = await readStatement(app, creator);
    // 10 % of each price, rounded down, is the platform's: 250 + 100 + 55.
    expect(creatorView.earnings).toEqual({ amount: 2_250 + 900 + 500, currency: 'ZMW' });
    expect(creatorView.balance).toEqual({ amount: 0, currency: 'ZMW' });
    expect(creatorView.transactions).toEqual([
      expect.objectContaining({
        kind: 'support',
        account: 'earnings',
        amount: 500,
        description: 'Support from Kondwani Tembo',
        counterpart: { username: fan.username, name: 'Kondwani Tembo' },
      }),
      expect.objectContaining({ amount: 900, description: 'Tip "Munkoyo" from Kondwani Tembo' }),
      expect.objectContaining({ amount: 2_250, description: 'Weekly pass from Kondwani Tembo' }),
    ]);
  });

  it("names an unlock, and a creator who also buys sees their wallet's lines and their earnings' apart, a page at a time", async () => {
    const { app } = testApp;
    const seller = await createPerson(app, { name: 'Natasha Mulenga' });
    const buyer = await createPerson(app, { name: 'Chanda Banda' });
    await fundWallet(app.db, buyer.id, 10_000);
    const postId = await publishText(app, seller, { visibility: 'pay-to-unlock', price: 500 });
    await buy(app, buyer, { kind: 'unlock', creator: seller.username, item: { type: 'post', id: postId } });
    await buy(app, buyer, { kind: 'support', creator: seller.username, amount: 100 });
    await fundWallet(app.db, seller.id, 1_000);
    await buy(app, seller, { kind: 'support', creator: buyer.username, amount: 200 });

    const buyerView = await readStatement(app, buyer);
    expect(buyerView.earnings).toEqual({ amount: 180, currency: 'ZMW' });
    expect(
      buyerView.transactions.slice(0, 3).map((line) => [line.account, line.amount, line.description]),
    ).toEqual([
      ['earnings', 180, 'Support from Natasha Mulenga'],
      ['wallet', -100, 'Support to Natasha Mulenga'],
      ['wallet', -500, 'Unlocked a post by Natasha Mulenga'],
    ]);

    const first = (await getAs(app, seller.cookie, '/api/wallet?limit=2')).json() as TWalletResponse;
    expect(first.transactions.map((line) => [line.account, line.amount, line.description])).toEqual([
      ['wallet', -200, 'Support to Chanda Banda'],
      ['earnings', 90, 'Support from Chanda Banda'],
    ]);
    const second = (
      await getAs(app, seller.cookie, `/api/wallet?limit=2&cursor=${first.nextCursor}`)
    ).json() as TWalletResponse;
    expect(second.transactions.map((line) => [line.account, line.amount, line.description])).toEqual([
      ['earnings', 450, 'A post unlocked by Chanda Banda'],
    ]);
    expect(second.nextCursor).toBeNull();
  });
});
