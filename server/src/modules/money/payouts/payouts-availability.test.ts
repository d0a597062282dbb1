import { PAYOUT_FAILURE_TEXTS, PAYOUT_MESSAGES } from '@stagepass/contract/payouts';
import { describe, expect, it } from 'vitest';
import type { App } from '../../../app.ts';
import { createCreatorWithEarnings } from '../../../test/factories/money.ts';
import type { TestPerson } from '../../../test/factories/people.ts';
import { setupListeningTestApp } from '../deposits/test-deposits.ts';
import {
  expectPayoutSettledOnce,
  payOutAs,
  readEarningsAs,
  readPayoutAs,
  waitForPayout,
} from './test-payouts.ts';

// An operator that cannot pay out now, as pawaPay's availability says: DELAYED holds payouts
// ENQUEUED (the creator may cancel one, or it goes once the operator is back), CLOSED
// refuses them. Our server reads the availability at most every ten seconds
// (payout-availability.ts); a payout asked for in between reaches pawaPay, which REJECTs it.
// The tests run in order: the first reads the availability fresh.

const testApp = setupListeningTestApp();
const sandbox = (app: App) => app.pawapaySandbox!;

// Completing numbers of each operator (pawaPay's sandbox decides by the last three digits).
const MTN = '260763456789';
const AIRTEL = '260973456789';
const ZAMTEL = '260953456789';

function cancelAs(app: App, creator: TestPerson, payoutId: string) {
  return app.inject({
    method: 'POST',
    url: `/api/payouts/${payoutId}/cancel`,
    headers: { cookie: creator.cookie },
  });
}

describe('an operator that cannot pay out now', () => {
  it('refuses a payout to an operator pawaPay lists as CLOSED, reserving nothing', async () => {
    const { app } = testApp;
    const creator = await createCreatorWithEarnings(app, 10_000);
    await sandbox(app).setPayoutAvailability('ZAMTEL_ZMB', 'CLOSED');
    try {
      const answer = await payOutAs(app, creator, { amount: 5_000, phone: ZAMTEL });
      expect([answer.statusCode, answer.json().message]).toEqual([409, PAYOUT_MESSAGES.operatorClosed]);
      expect(await readEarningsAs(app, creator)).toMatchObject({ available: 10_000, onItsWay: 0 });
    } finally {
      await sandbox(app).setPayoutAvailability('ZAMTEL_ZMB', 'OPERATIONAL');
    }
  });

  it('gives the money back when the operator closed after we last read the availability', async () => {
    const { app } = testApp;
    const creator = await createCreatorWithEarnings(app, 10_000);
    const read = await app.inject({ url: '/api/payouts/availability', headers: { cookie: creator.cookie } });
    const readAt = Date.now();
    expect(read.json().operators).toContainEqual({ correspondent: 'AIRTEL_OAPI_ZMB', status: 'OPERATIONAL' });
    await sandbox(app).setPayoutAvailability('AIRTEL_OAPI_ZMB', 'CLOSED');
    try {
      const answer = await payOutAs(app, creator, { amount: 5_000, phone: AIRTEL });
      if (Date.now() - readAt < 10_000) {
        // Our last reading said OPERATIONAL: pawaPay refuses it, and the reserve comes back.
        expect(answer.statusCode, answer.body).toBe(201);
        const { payout } = answer.json();
        expect(payout).toMatchObject({
          status: 'REJECTED',
          failureCode: 'CORRESPONDENT_TEMPORARILY_UNAVAILABLE',
          failureReason: PAYOUT_FAILURE_TEXTS.CORRESPONDENT_TEMPORARILY_UNAVAILABLE,
        });
        await expectPayoutSettledOnce(app, payout.payoutId, 'returned');
      } else {
        // A machine so slow that the reading went stale: read again, so refused before anything.
        expect([answer.statusCode, answer.json().message]).toEqual([409, PAYOUT_MESSAGES.operatorClosed]);
      }
      expect(await readEarningsAs(app, creator)).toMatchObject({
        available: 10_000,
        onItsWay: 0,
        paidOut: 0,
      });
    } finally {
      await sandbox(app).setPayoutAvailability('AIRTEL_OAPI_ZMB', 'OPERATIONAL');
    }
  });

  it('holds a payout ENQUEUED while the operator is DELAYED; cancelling it gives the money back', async () => {
    const { app } = testApp;
    const creator = await createCreatorWithEarnings(app, 10_000);
    await sandbox(app).setPayoutAvailability('MTN_MOMO_ZMB', 'DELAYED');
    try {
      const { payout } = (await payOutAs(app, creator, { amount: 4_000, phone: MTN })).json();
      expect(payout.status).toBe('ENQUEUED');
      expect((await readPayoutAs(app, creator, payout.payoutId)).status).toBe('ENQUEUED');
      expect(await readEarningsAs(app, creator)).toMatchObject({ available: 6_000, onItsWay: 4_000 });

      const cancelled = await cancelAs(app, creator, payout.payoutId);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().payout).toMatchObject({
        status: 'FAILED',
        failureCode: 'MANUALLY_CANCELLED',
        failureReason: PAYOUT_FAILURE_TEXTS.MANUALLY_CANCELLED,
      });
      expect(await readEarningsAs(app, creator)).toMatchObject({
        available: 10_000,
        onItsWay: 0,
        paidOut: 0,
      });

      const again = await cancelAs(app, creator, payout.payoutId);
      expect([again.statusCode, again.json().message]).toEqual([409, PAYOUT_MESSAGES.notCancellable]);
      await expectPayoutSettledOnce(app, payout.payoutId, 'returned');
    } finally {
      await sandbox(app).setPayoutAvailability('MTN_MOMO_ZMB', 'OPERATIONAL');
    }
  });

  it('refuses to cancel a payout that is not waiting for its operator', async () => {
    const { app } = testApp;
    const creator = await createCreatorWithEarnings(app, 10_000);
    const { payout } = (await payOutAs(app, creator, { amount: 3_000, phone: '260763456129' })).json();
    await waitForPayout(app, creator, payout.payoutId, 'SUBMITTED');

    const answer = await cancelAs(app, creator, payout.payoutId);

    expect([answer.statusCode, answer.json().message]).toEqual([409, PAYOUT_MESSAGES.notCancellable]);
    expect(await readEarningsAs(app, creator)).toMatchObject({ available: 7_000, onItsWay: 3_000 });
    await expectPayoutSettledOnce(app, payout.payoutId, 'open');
  });

  it('pays out a held payout once the operator is OPERATIONAL again', async () => {
    const { app } = testApp;
    const creator = await createCreatorWithEarnings(app, 10_000);
    await sandbox(app).setPayoutAvailability('MTN_MOMO_ZMB', 'DELAYED');
    let payoutId: string;
    try {
      const { payout } = (await payOutAs(app, creator, { amount: 2_500, phone: MTN })).json();
      payoutId = payout.payoutId;
      expect(payout.status).toBe('ENQUEUED');
    } finally {
      await sandbox(app).setPayoutAvailability('MTN_MOMO_ZMB', 'OPERATIONAL');
    }
    await waitForPayout(app, creator, payoutId, 'COMPLETED');
    expect(await readEarningsAs(app, creator)).toMatchObject({
      available: 7_500,
      onItsWay: 0,
      paidOut: 2_500,
    });
    await expectPayoutSettledOnce(app, payoutId, 'paid');
  });
});
