import { randomUUID } from 'node:crypto';
import { PURCHASE_MESSAGES } from '@stagepass/contract/purchases';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../app.ts';
import { createFanWithBalance } from '../../../test/factories/money.ts';
import { createPerson, type TestPerson } from '../../../test/factories/people.ts';
import { setupTestApp } from '../../../test/test-app.ts';
import {
  answerChallenge,
  countCardBookings,
  countCharges,
  followReturn,
  saveTestCard,
} from '../card-topups/test-card-topups.ts';
import { expectLedgerBalanced } from '../deposits/test-deposits.ts';
import { earningsAccountId, readBalance, walletAccountId } from '../ledger/ledger.service.ts';

const testApp = setupTestApp({ env: { JOB_CONCURRENCY: '0' } });

beforeAll(async () => {
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
});

function buyWithCard(
  app: App,
  fan: TestPerson,
  creator: TestPerson,
  paymentMethodId: string,
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
      funding: { method: 'card', paymentMethodId },
    },
  });
}

const balanceOf = (app: App, account: string) => readBalance(app.db, account);

describe('a purchase whose shortfall is paid by card', () => {
  it('charges only the shortfall and completes in the same step, once', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 300);
    const card = await saveTestCard(app, fan, 'succeeds');
    const purchaseId = randomUUID();

    const answer = await buyWithCard(app, fan, creator, card, purchaseId);
    expect(answer.statusCode, answer.body).toBe(201);
    const { purchase, cardTopup } = answer.json();
    expect(cardTopup).toMatchObject({ status: 'completed', amount: 700 });
    expect(purchase).toMatchObject({ status: 'completed', awaitedTopupId: cardTopup.topupId });

    const repeat = await buyWithCard(app, fan, creator, card, purchaseId);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toMatchObject({
      purchase: { status: 'completed' },
      cardTopup: { status: 'completed' },
    });
    expect(await countCharges(app, cardTopup.topupId)).toBe(1);
    expect(await countCardBookings(app, cardTopup.topupId)).toBe(1);
    expect(await balanceOf(app, walletAccountId(fan.id))).toBe(0);
    expect(await balanceOf(app, earningsAccountId(creator.id))).toBe(900);
    await expectLedgerBalanced(app);
  });

  it('pays from the wallet alone when it holds enough, without touching the card', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 5_000);
    const answer = await buyWithCard(app, fan, creator, await saveTestCard(app, fan, 'declined'));
    expect(answer.statusCode).toBe(201);
    expect(answer.json().purchase.status).toBe('completed');
    expect(answer.json().cardTopup).toBeUndefined();
    expect(await balanceOf(app, walletAccountId(fan.id))).toBe(4_000);
  });

  it('fails the purchase when the card is declined: nothing bought, nothing taken', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createFanWithBalance(app, 300);
    for (const kind of ['declined', 'insufficientFunds'] as const) {
      const answer = await buyWithCard(app, fan, creator, await saveTestCard(app, fan, kind));
      expect(answer.statusCode).toBe(201);
      const { purchase, cardTopup } = answer.json();
      expect(cardTopup.status).toBe('failed');
      expect(purchase.status).toBe('failed');
      expect(purchase.failureReason).toContain(PURCHASE_MESSAGES.topupFailed);
      expect(purchase.failureReason).toContain(cardTopup.failureReason);
    }
    expect(await balanceOf(app, walletAccountId(fan.id))).toBe(300);
    expect(await balanceOf(app, earningsAccountId(creator.id))).toBe(0);
  });

  it('waits on 3-D Secure, and completes when the check is approved', async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createPerson(app, { role: 'fan' });
    const card = await saveTestCard(app, fan, 'requiresAuthentication');
    const answer = await buyWithCard(app, fan, creator, card);
    const { purchase, cardTopup } = answer.json();
    expect(purchase.status).toBe('awaiting-payment');
    expect(cardTopup).toMatchObject({ status: 'requires-action', amount: 1_000 });

    const { location } = await answerChallenge(app, cardTopup.challengeUrl, 'Approve');
    await followReturn(app, fan, location);
    const read = await app.inject({
      url: `/api/purchases/${purchase.purchaseId}`,
      headers: { cookie: fan.cookie },
    });
    expect(read.json()).toMatchObject({
      purchase: { status: 'completed' },
      cardTopup: { status: 'completed' },
    });
    expect(await balanceOf(app, earningsAccountId(creator.id))).toBe(900);
    expect(await balanceOf(app, walletAccountId(fan.id))).toBe(0);
    await expectLedgerBalanced(app);
  });

  it("fails the purchase when the check is refused, and refuses a card that is not the fan's", async () => {
    const { app } = testApp;
    const creator = await createPerson(app);
    const fan = await createPerson(app, { role: 'fan' });
    const answer = await buyWithCard(
      app,
      fan,
      creator,
      await saveTestCard(app, fan, 'requiresAuthentication'),
    );
    const { purchase, cardTopup } = answer.json();
    const { location } = await answerChallenge(app, cardTopup.challengeUrl, 'Refuse');
    await followReturn(app, fan, location);
    const read = await app.inject({
      url: `/api/purchases/${purchase.purchaseId}`,
      headers: { cookie: fan.cookie },
    });
    expect(read.json()).toMatchObject({ purchase: { status: 'failed' }, cardTopup: { status: 'failed' } });
    expect(await balanceOf(app, earningsAccountId(creator.id))).toBe(0);

    const stranger = await createPerson(app, { role: 'fan' });
    const strangersCard = await saveTestCard(app, stranger, 'succeeds');
    const purchaseId = randomUUID();
    const refused = await buyWithCard(app, fan, creator, strangersCard, purchaseId);
    expect(refused.statusCode).toBe(404);
    // Nothing half-written: the purchase id is still free.
    const read2 = await app.inject({ url: `/api/purchases/${purchaseId}`, headers: { cookie: fan.cookie } });
    expect(read2.statusCode).toBe(404);
  });
});
