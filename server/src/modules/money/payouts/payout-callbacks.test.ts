import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { payoutRoutes } from '@stagepass/contract/payouts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../app.ts';
import { createCreatorWithEarnings } from '../../../test/factories/money.ts';
import { wait } from '../deposits/test-deposits.ts';
import { setupProviderApart } from '../deposits/test-provider-apart.ts';
import { signRequest } from '../providers/pawapay/http-message-signatures.ts';
import {
  payoutRequest,
  setupCallbackReceiver,
} from '../providers/pawapay/sandbox/sandbox-payouts.test-support.ts';
import { reconcilePayouts } from './payout-reconciliation.ts';
import { reserveAndSave } from './request-payout.ts';
import {
  countPayoutBookings,
  expectBooksInOrder,
  expectPayoutSettledOnce,
  PAYOUT_NUMBERS,
  payOutAs,
  readEarningsAs,
  readPayoutAs,
  readStoredStatus,
  waitUntil,
} from './test-payouts.ts';

// pawaPay's payout callback, against the sandbox running apart as pawaPay does
// (test-provider-apart.ts): whatever comes twice, races, comes early, is forged or names
// another payout, each payout ends paid out once or given back once, and the books balance.

const FINAL_AFTER_MS = 1500;
const CALLBACK_PATH = payoutRoutes.receivePayoutCallback.path;
const provider = setupProviderApart({ finalAfterMs: FINAL_AFTER_MS });
const receiver = setupCallbackReceiver();
let app: App;

beforeAll(async () => {
  app = await provider.startServer({ JOB_CONCURRENCY: '0', PAWAPAY_TIMEOUT_MS: '2000' });
});
afterAll(() => app?.close());

/** Our server's payout callback address, where the provider calls back unless a test says otherwise. */
const ourCallbackUrl = () =>
  `http://127.0.0.1:${(app.server.address() as { port: number }).port}${CALLBACK_PATH}`;

const callbackAttemptsFor = (payoutId: string) =>
  provider.sandbox.listCallbackAttempts().filter((attempt) => attempt.id === payoutId);

function postCallback(target: App, payload: string, headers: Record<string, string | string[] | undefined>) {
  return target.inject({
    method: 'POST',
    url: CALLBACK_PATH,
    headers: { 'content-type': 'application/json', host: 'stagepass.test', ...headers },
    payload,
  });
}

/** A payout as pawaPay's callback reports it, for a request we made. */
function reportedPayout(request: ReturnType<typeof payoutRequest>, status: string) {
  return { ...request, status, created: new Date().toISOString() };
}

describe("pawaPay's payout callback", () => {
  it('pays out once when the same signed callback comes twice, at once and again, and when it is resent', async () => {
    const creator = await createCreatorWithEarnings(app, 10_000);
    provider.sendPayoutCallbacksTo(receiver.url);
    let payoutId: string;
    try {
      const answer = await payOutAs(app, creator, { amount: 5_000, phone: PAYOUT_NUMBERS.completes });
      expect(answer.statusCode, answer.body).toBe(201);
      payoutId = answer.json().payout.payoutId;
      await waitUntil(
        async () => receiver.received.some((callback) => callback.payout.payoutId === payoutId),
        'the signed callback',
      );
    } finally {
      provider.sendPayoutCallbacksTo(ourCallbackUrl());
    }
    const callback = receiver.received.find((each) => each.payout.payoutId === payoutId)!;
    expect(callback.payout.status).toBe('COMPLETED');
    // pawaPay's very bytes and headers, delivered to us twice at once, then once more.
    const replay = () => postCallback(app, callback.body, { ...callback.headers, host: callback.host });
    const answers = [...(await Promise.all([replay(), replay()])), await replay()];
    expect(answers.map((each) => each.statusCode)).toEqual([200, 200, 200]);

    for (let round = 0; round < 3; round += 1) {
      expect((await app.pawapay.resendPayoutCallback(payoutId)).status).toBe('ACCEPTED');
    }
    await waitUntil(
      async () => callbackAttemptsFor(payoutId).filter((attempt) => attempt.status === 200).length >= 3,
      'the three resent callbacks',
    );

    expect(await readStoredStatus(app, payoutId)).toBe('COMPLETED');
    expect(await readEarningsAs(app, creator)).toMatchObject({
      available: 5_000,
      onItsWay: 0,
      paidOut: 5_000,
    });
    await expectPayoutSettledOnce(app, payoutId, 'paid');
  });

  it('pays out once when the callback races status polls and the reconciliation job', async () => {
    const creator = await createCreatorWithEarnings(app, 10_000);
    const { payout } = (
      await payOutAs(app, creator, { amount: 4_000, phone: PAYOUT_NUMBERS.completes })
    ).json();

    // Past the job's grace period, so every round asks pawaPay.
    const reconcile = () =>
      reconcilePayouts({
        db: app.db,
        pawapay: app.pawapay,
        log: app.log,
        intervalMs: 0,
        now: new Date(Date.now() + 60_000),
      });
    await Promise.all(
      Array.from({ length: 40 }, async (_, index) => {
        await wait(FINAL_AFTER_MS - 400 + index * 20);
        await (index % 2 === 0 ? readPayoutAs(app, creator, payout.payoutId) : reconcile());
      }),
    );
    await waitUntil(
      async () => callbackAttemptsFor(payout.payoutId).some((attempt) => attempt.status === 200),
      'the callback',
    );

    expect(await readStoredStatus(app, payout.payoutId)).toBe('COMPLETED');
    expect(await readEarningsAs(app, creator)).toMatchObject({ available: 6_000, paidOut: 4_000 });
    await expectPayoutSettledOnce(app, payout.payoutId, 'paid');
  });

  it('answers 404 to a callback for a payout we have not saved yet, and applies it once we have', async () => {
    const creator = await createCreatorWithEarnings(app, 10_000);
    const request = payoutRequest(PAYOUT_NUMBERS.completes); // K20
    // pawaPay has the payout (and calls back) before our row exists.
    expect((await app.pawapay.initiatePayout(request)).status).toBe('ACCEPTED');
    await waitUntil(
      async () => callbackAttemptsFor(request.payoutId).some((attempt) => attempt.status === 404),
      'the early callback',
    );
    expect(await readStoredStatus(app, request.payoutId)).toBeUndefined();
    expect(await countPayoutBookings(app, request.payoutId)).toEqual({ reserved: 0, paid: 0, returned: 0 });
    await expectBooksInOrder(app);

    // Now our row lands: pawaPay answers DUPLICATE_IGNORED, and its next retry is answered 200.
    const answer = await payOutAs(app, creator, {
      payoutId: request.payoutId,
      amount: 2_000,
      phone: PAYOUT_NUMBERS.completes,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    // No polls: only the retried callback can complete it.
    await waitUntil(
      async () => (await readStoredStatus(app, request.payoutId)) === 'COMPLETED',
      'the retried callback',
    );
    // The sandbox notes its attempt once our answer is back, a moment after our commit.
    await waitUntil(
      async () => callbackAttemptsFor(request.payoutId).some((attempt) => attempt.status === 200),
      'the retried callback answered 200',
    );
    await expectPayoutSettledOnce(app, request.payoutId, 'paid');
  });

  it('moves nothing for a forged callback: unsigned, signed by another key, or altered after signing', async () => {
    const creator = await createCreatorWithEarnings(app, 10_000);
    const { payout } = (
      await payOutAs(app, creator, { amount: 3_000, phone: PAYOUT_NUMBERS.staysSubmitted })
    ).json();
    const request = payoutRequest(PAYOUT_NUMBERS.staysSubmitted, { payoutId: payout.payoutId, amount: '30' });
    const forged = JSON.stringify(reportedPayout(request, 'COMPLETED'));

    const unsigned = await postCallback(app, forged, {});
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const signed = {
      method: 'POST',
      authority: 'stagepass.test',
      path: CALLBACK_PATH,
      contentType: 'application/json',
    };
    const strangerSigned = signRequest({ ...signed, body: forged }, { id: 'stranger', privateKey });
    const byStranger = await postCallback(app, forged, strangerSigned);
    const honest = JSON.stringify(reportedPayout(request, 'FAILED'));
    const signedHonest = signRequest({ ...signed, body: honest }, { id: 'stranger', privateKey });
    const altered = await postCallback(app, forged, signedHonest);

    expect([unsigned.statusCode, byStranger.statusCode, altered.statusCode]).toEqual([401, 401, 401]);
    expect(await readStoredStatus(app, payout.payoutId)).toMatch(/^(ACCEPTED|SUBMITTED)$/);
    expect(await readEarningsAs(app, creator)).toMatchObject({
      available: 7_000,
      onItsWay: 3_000,
      paidOut: 0,
    });
    await expectPayoutSettledOnce(app, payout.payoutId, 'open');
  });

  it.each([
    ['another amount', { amount: '30' }],
    ['another number', { recipient: { type: 'MSISDN' as const, address: { value: '260763450789' } } }],
  ])('moves nothing for a genuine signed callback with %s than ours', async (_, difference) => {
    const creator = await createCreatorWithEarnings(app, 10_000);
    const payoutId = randomUUID();
    // Ours: K20 to the creator's number, reserved; pawaPay's under the same id differs.
    await reserveAndSave(app.db, {
      payoutId,
      creatorId: creator.id,
      amount: 2_000,
      recipient: { phone: PAYOUT_NUMBERS.completes, correspondent: 'MTN_MOMO_ZMB' },
      holdHours: 0,
      isAutomatic: false,
    });
    const theirs = payoutRequest(PAYOUT_NUMBERS.completes, { payoutId, ...difference });
    expect((await app.pawapay.initiatePayout(theirs)).status).toBe('ACCEPTED');
    await waitUntil(
      async () => callbackAttemptsFor(payoutId).some((attempt) => attempt.status !== null),
      'the callback',
    );
    // A status poll reads the same mismatching payout from pawaPay: nothing moves either.
    expect((await readPayoutAs(app, creator, payoutId)).status).toBe('INITIATED');
    expect(await readEarningsAs(app, creator)).toMatchObject({
      available: 8_000,
      onItsWay: 2_000,
      paidOut: 0,
    });
    await expectPayoutSettledOnce(app, payoutId, 'open');
  });
});

describe('without signed callbacks', () => {
  it('believes pawaPay, not the callback body', async () => {
    const unsigned = await provider.startServer({
      JOB_CONCURRENCY: '0',
      PAWAPAY_TIMEOUT_MS: '2000',
      PAWAPAY_SIGNED_CALLBACKS: 'false',
    });
    try {
      const creator = await createCreatorWithEarnings(unsigned, 10_000);
      const held = (
        await payOutAs(unsigned, creator, { amount: 3_000, phone: PAYOUT_NUMBERS.staysSubmitted })
      ).json().payout;
      const forged = reportedPayout(
        payoutRequest(PAYOUT_NUMBERS.staysSubmitted, { payoutId: held.payoutId, amount: '30' }),
        'COMPLETED',
      );
      expect((await postCallback(unsigned, JSON.stringify(forged), {})).statusCode).toBe(200);
      expect(await readStoredStatus(unsigned, held.payoutId)).toMatch(/^(ACCEPTED|SUBMITTED)$/);

      // A real one completes from the callback alone (no polls): it was read from pawaPay.
      const paid = (
        await payOutAs(unsigned, creator, { amount: 2_000, phone: PAYOUT_NUMBERS.completes })
      ).json().payout;
      await waitUntil(
        async () => (await readStoredStatus(unsigned, paid.payoutId)) === 'COMPLETED',
        'the callback',
      );

      const strangers = await Promise.all(
        [{ ...forged, payoutId: randomUUID() }, { payoutId: 'x' }].map((payload) =>
          postCallback(unsigned, JSON.stringify(payload), {}),
        ),
      );
      expect(strangers.map((answer) => answer.statusCode)).toEqual([404, 400]);
      expect(await readEarningsAs(unsigned, creator)).toMatchObject({
        available: 5_000,
        onItsWay: 3_000,
        paidOut: 2_000,
      });
      await expectPayoutSettledOnce(unsigned, held.payoutId, 'open');
      await expectPayoutSettledOnce(unsigned, paid.payoutId, 'paid');
    } finally {
      await unsigned.close();
    }
  });
});
