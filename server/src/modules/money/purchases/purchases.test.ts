import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../../../app.ts';
import { readRows } from '../../../db/client.ts';
import { ledgerLines, purchases } from '../../../db/schema/index.ts';
import { buyAs, createFanWithBalance } from '../../../test/factories/money.ts';
import { createPerson } from '../../../test/factories/people.ts';
import { setupTestApp } from '../../../test/test-app.ts';
import {
  earningsAccountId,
  PLATFORM_ACCOUNTS,
  readBalance,
  walletAccountId,
} from '../ledger/ledger.service.ts';

const testApp = setupTestApp({ env: { PLATFORM_FEE_PERCENT: '10' } });

async function expectLedgerBalanced(app: App) {
  const [row] = readRows<{ total: string }>(
    await app.db.execute(
      sql`select coalesce(sum(${ledgerLines.amount}), 0)::text as total from ${ledgerLines}`,
    ),
  );
  expect(row?.total).toBe('0');
}

describe('POST /api/purchases from the wallet', () => {
  it('pays one-off support in one booking: the creator earns it less the fee, rounded down', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 10_000);
    const feesBefore = await readBalance(app.db, PLATFORM_ACCOUNTS.platformFees);

    const answer = await buyAs(app, fan, { kind: 'support', creator: creator.username, amount: 2_555 });

    expect(answer.statusCode).toBe(201);
    expect(answer.json().purchase).toMatchObject({
      kind: 'support',
      status: 'completed',
      amount: 2_555,
      currency: 'ZMW',
      creator: { username: creator.username },
      completedAt: expect.any(String),
    });
    // The fan is never shown the platform's part.
    expect(answer.json().purchase).not.toHaveProperty('fee');
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(10_000 - 2_555);
    // 10 % of 2,555 is 255.5: the platform takes 255, the creator 2,300.
    expect(await readBalance(app.db, earningsAccountId(creator.id))).toBe(2_300);
    expect(await readBalance(app.db, PLATFORM_ACCOUNTS.platformFees)).toBe(feesBefore + 255);
    await expectLedgerBalanced(app);
  });

  it('treats a repeated purchaseId as the same purchase, charged once, and refuses another purchase under it', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 5_000);
    const body = { purchaseId: randomUUID(), kind: 'support', creator: creator.username, amount: 1_000 };

    const first = await buyAs(app, fan, body);
    const again = await buyAs(app, fan, { ...body, creator: creator.username.slice(1) });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json().purchase).toEqual(first.json().purchase);
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(4_000);

    const other = await buyAs(app, fan, { ...body, amount: 2_000 });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ success: false, code: 'CONFLICT' });
    // Another fan cannot take over, or read, the id either.
    const stranger = await createFanWithBalance(app, 5_000);
    expect((await buyAs(app, stranger, body)).statusCode).toBe(409);
    const read = await app.inject({
      url: `/api/purchases/${body.purchaseId}`,
      headers: { cookie: stranger.cookie },
    });
    expect(read.statusCode).toBe(404);
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(4_000);
    expect(await readBalance(app.db, walletAccountId(stranger.id))).toBe(5_000);
  });

  it('answers 402 with the shortfall when the wallet is short, and writes nothing', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 700);
    const purchaseId = randomUUID();

    const answer = await buyAs(app, fan, {
      purchaseId,
      kind: 'support',
      creator: creator.username,
      amount: 1_000,
    });

    expect(answer.statusCode).toBe(402);
    expect(answer.json()).toMatchObject({
      success: false,
      code: 'INSUFFICIENT_BALANCE',
      message: 'Top up your balance: K3 more is needed.',
      shortfall: 300,
      amount: 1_000,
    });
    const read = await app.inject({ url: `/api/purchases/${purchaseId}`, headers: { cookie: fan.cookie } });
    expect(read.statusCode).toBe(404);
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(700);
    expect(await readBalance(app.db, earningsAccountId(creator.id))).toBe(0);
  });

  it('completes exactly 5 of 20 concurrent purchases on a wallet holding enough for 5', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 5 * 1_000);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        buyAs(app, fan, { kind: 'support', creator: creator.username, amount: 1_000 }),
      ),
    );

    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.statusCode === 402)).toHaveLength(15);
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(0);
    expect(await readBalance(app.db, earningsAccountId(creator.id))).toBe(5 * 900);
    const [row] = readRows<{ count: number }>(
      await app.db.execute(
        sql`select count(*)::int as count from ${purchases} where ${purchases.fanId} = ${fan.id}`,
      ),
    );
    expect(row?.count).toBe(5);
    await expectLedgerBalanced(app);
  });

  it('refuses to charge a price other than the one the fan saw, and says the new one', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 5_000);
    const answer = await buyAs(app, fan, {
      kind: 'support',
      creator: creator.username,
      amount: 1_500,
      expectedAmount: 1_000,
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({
      code: 'PRICE_CHANGED',
      message: 'The price is now K15. Confirm to pay it.',
      amount: 1_500,
    });
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(5_000);
  });

  it('pays creators only, never oneself, and needs a session', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const otherFan = await createPerson(app, { role: 'fan' });
    const fan = await createFanWithBalance(app, 5_000);

    const toFan = await buyAs(app, fan, { kind: 'support', creator: otherFan.username, amount: 1_000 });
    expect(toFan.statusCode).toBe(400);
    expect(toFan.json().message).toBe('Only creators can be paid.');
    const toNobody = await buyAs(app, fan, { kind: 'support', creator: '@nobody-here', amount: 1_000 });
    expect(toNobody.statusCode).toBe(404);
    expect(toNobody.json().message).toBe('There is no such creator.');
    const toSelf = await buyAs(app, creator, { kind: 'support', creator: creator.username, amount: 1_000 });
    expect(toSelf.statusCode).toBe(403);
    const signedOut = await app.inject({
      method: 'POST',
      url: '/api/purchases',
      payload: { purchaseId: randomUUID(), kind: 'support', creator: creator.username, amount: 1_000 },
    });
    expect(signedOut.statusCode).toBe(401);
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(5_000);
  });

  it('refuses support outside K1 to K20,000 in the words of the form', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 5_000);
    for (const amount of [50, 2_000_001]) {
      const answer = await buyAs(app, fan, { kind: 'support', creator: creator.username, amount });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe('Send between K1 and K20,000.');
    }
  });
});

describe('GET /api/purchases', () => {
  it("lists the fan's own receipts newest first, a page at a time", async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 10_000);
    for (const amount of [100, 200, 300]) {
      expect((await buyAs(app, fan, { kind: 'support', creator: creator.username, amount })).statusCode).toBe(
        201,
      );
    }
    const first = (
      await app.inject({ url: '/api/purchases?limit=2', headers: { cookie: fan.cookie } })
    ).json();
    expect(first.purchases.map((purchase: { amount: number }) => purchase.amount)).toEqual([300, 200]);
    const second = (
      await app.inject({
        url: `/api/purchases?limit=2&cursor=${first.nextCursor}`,
        headers: { cookie: fan.cookie },
      })
    ).json();
    expect(second.purchases.map((purchase: { amount: number }) => purchase.amount)).toEqual([100]);
    expect(second.nextCursor).toBeNull();

    const someoneElse = await createPerson(app, { role: 'fan' });
    const theirs = (
      await app.inject({ url: '/api/purchases', headers: { cookie: someoneElse.cookie } })
    ).json();
    expect(theirs.purchases).toEqual([]);
    const badCursor = await app.inject({ url: '/api/purchases?cursor=abc', headers: { cookie: fan.cookie } });
    expect(badCursor.statusCode).toBe(400);
  });
});
