import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { App } from '../../../app.ts';
import { createFanWithBalance, readStatus, waitForPurchase } from '../../../test/factories/money.ts';
import { createPerson, type TestPerson } from '../../../test/factories/people.ts';
import {
  countBookings,
  expectLedgerBalanced,
  setupListeningTestApp,
  wait,
} from '../deposits/test-deposits.ts';
import { earningsAccountId, readBalance, walletAccountId } from '../ledger/ledger.service.ts';

const testApp = setupListeningTestApp();

const COMPLETES = '260763456789';
const INSUFFICIENT_FUNDS = '260763456049';

function buyWithMobileMoney(
  app: App,
  fan: TestPerson,
  creator: TestPerson,
  phone: string,
  purchaseId = randomUUID(),
) {
  return app.inject({
    method: 'POST',
    url: '/api/purchases',
    headers: { cookie: fan.cookie },
    payload: {
      purchaseId,
      kind: 'support',
      creator: creator.username,
      amount: 1_000,
      funding: { method: 'mobile-money', phone, correspondent: 'MTN_MOMO_ZMB' },
    },
  });
}

describe('a purchase whose shortfall is paid by mobile money', () => {
  it('tops up only the shortfall and completes once the top-up is credited', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 300);
    const purchaseId = randomUUID();

    const answer = await buyWithMobileMoney(app, fan, creator, COMPLETES, purchaseId);

    expect(answer.statusCode).toBe(201);
    const { purchase, deposit } = answer.json();
    expect(purchase).toMatchObject({
      status: 'awaiting-payment',
      amount: 1_000,
      awaitedTopupId: deposit.depositId,
    });
    expect(deposit.status).toBe('ACCEPTED');
    // Nothing is taken before the payer confirms.
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(300);
    // The top-up asked of the payer is the shortfall, K7.
    expect((await readStatus(app, fan.cookie, deposit.depositId)).requestedAmount).toBe('7');

    const completed = await waitForPurchase(app, fan, purchaseId, 'completed');
    expect(completed.completedAt).toEqual(expect.any(String));
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(0);
    expect(await readBalance(app.db, earningsAccountId(creator.id))).toBe(900);
    expect(await countBookings(app, deposit.depositId)).toBe(1);
    await expectLedgerBalanced(app);
  });

  it('completes exactly once when the callback and many status polls race', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createPerson(app, { role: 'fan' });
    const purchaseId = randomUUID();
    const { deposit } = (await buyWithMobileMoney(app, fan, creator, COMPLETES, purchaseId)).json();

    // The Topup panel's poll, many times over, while the sandbox's callback arrives.
    await Promise.all(
      Array.from({ length: 30 }, async (_, index) => {
        await wait(index * 20);
        await readStatus(app, fan.cookie, deposit.depositId);
      }),
    );
    await waitForPurchase(app, fan, purchaseId, 'completed');
    // And a repeat of the purchase itself changes nothing.
    const again = await buyWithMobileMoney(app, fan, creator, COMPLETES, purchaseId);
    expect(again.statusCode).toBe(200);
    expect(again.json().purchase.status).toBe('completed');
    expect(again.json().deposit).toEqual({ depositId: deposit.depositId, status: 'COMPLETED' });

    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(0);
    expect(await readBalance(app.db, earningsAccountId(creator.id))).toBe(900);
    expect(await countBookings(app, deposit.depositId)).toBe(1);
    await expectLedgerBalanced(app);
  });

  it('fails, taking nothing, when the top-up fails', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 300);
    const purchaseId = randomUUID();

    expect((await buyWithMobileMoney(app, fan, creator, INSUFFICIENT_FUNDS, purchaseId)).statusCode).toBe(
      201,
    );

    const failed = await waitForPurchase(app, fan, purchaseId, 'failed');
    expect(failed.failureReason).toBe('The top-up did not go through, so nothing was bought.');
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(300);
    expect(await readBalance(app.db, earningsAccountId(creator.id))).toBe(0);
  });

  it('pays from the wallet at once when it holds enough, without prompting the phone', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 5_000);
    const answer = await buyWithMobileMoney(app, fan, creator, COMPLETES);
    expect(answer.statusCode).toBe(201);
    expect(answer.json().purchase.status).toBe('completed');
    expect(answer.json()).not.toHaveProperty('deposit');
    expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(4_000);
  });
});
