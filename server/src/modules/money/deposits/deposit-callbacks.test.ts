import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deposits } from '../../../db/schema/index.ts';
import {
  depositRequest,
  postDeposit,
  readStatus,
  readWalletBalance,
  waitForStatus,
} from '../../../test/factories/money.ts';
import { createPerson } from '../../../test/factories/people.ts';
import { signRequest } from '../providers/pawapay/http-message-signatures.ts';
import { DEPOSIT_CALLBACK_PATH } from './deposit-callbacks.ts';
import {
  countBookings,
  expectLedgerBalanced,
  SETTLE_MS,
  setupListeningTestApp,
  wait,
} from './test-deposits.ts';

const testApp = setupListeningTestApp();
const fan = () => createPerson(testApp.app, { role: 'fan' });

/** A deposit as pawaPay's callback posts it, for one of our deposits. */
function completedCallbackBody(body: ReturnType<typeof depositRequest>, depositedAmount = body.amount) {
  return {
    depositId: body.depositId,
    status: 'COMPLETED',
    requestedAmount: body.amount,
    depositedAmount,
    currency: 'ZMW',
    country: 'ZMB',
    correspondent: body.correspondent,
    payer: body.payer,
    customerTimestamp: body.customerTimestamp,
    statementDescription: 'Wallet topup',
    created: new Date().toISOString(),
  };
}

function postCallback(payload: string, headers: Record<string, string> = {}) {
  return testApp.app.inject({
    method: 'POST',
    url: DEPOSIT_CALLBACK_PATH,
    headers: { 'content-type': 'application/json', host: 'stagepass.test', ...headers },
    payload,
  });
}

describe("pawaPay's deposit callback", () => {
  it('credits once when the callback comes again (resend-deposit-callback)', async () => {
    const { app } = testApp;
    const { cookie } = await fan();
    const body = depositRequest('260763456789');
    await postDeposit(app, cookie, body);
    await waitForStatus(app, cookie, body.depositId, ['COMPLETED']);
    for (let round = 0; round < 3; round += 1) {
      const resent = await app.inject({
        method: 'POST',
        url: `/api/pawapay/deposits-api/resend-deposit-callback/${body.depositId}`,
        headers: { cookie },
      });
      expect(resent.json()).toMatchObject({ success: true, result: { status: 'ACCEPTED' } });
    }
    await wait(500);
    expect(await readWalletBalance(app, cookie)).toBe(2000);
    expect(await countBookings(app, body.depositId)).toBe(1);
  });

  it('refuses to resend the callback of a deposit that is not final', async () => {
    const { app } = testApp;
    const { cookie } = await fan();
    const body = depositRequest('260763456129');
    await postDeposit(app, cookie, body);
    const resent = await app.inject({
      method: 'POST',
      url: `/api/pawapay/deposits-api/resend-deposit-callback/${body.depositId}`,
      headers: { cookie },
    });
    expect(resent.json().result.status).toBe('REJECTED');
  });

  it('credits once when the callback races status polls', async () => {
    const { app } = testApp;
    const { cookie } = await fan();
    const body = depositRequest('260763456789');
    await postDeposit(app, cookie, body);
    // Polls hammer the status while the sandbox's callback lands in the middle of them.
    for (let round = 0; round < 12; round += 1) {
      await Promise.all(Array.from({ length: 5 }, () => readStatus(app, cookie, body.depositId)));
      await wait(SETTLE_MS / 6);
    }
    expect((await readStatus(app, cookie, body.depositId)).status).toBe('COMPLETED');
    expect(await readWalletBalance(app, cookie)).toBe(2000);
    expect(await countBookings(app, body.depositId)).toBe(1);
  });

  it('holds a callback for a deposit we have not saved yet, and credits once when it is', async () => {
    const { app } = testApp;
    const { cookie } = await fan();
    const body = depositRequest('260763456789');
    // pawaPay has the deposit (and calls back) before our row exists: the callback is 404
    // and pawaPay retries it.
    expect((await app.pawapay.initiateDeposit(body)).status).toBe('ACCEPTED');
    await wait(SETTLE_MS + 200);
    expect((await app.pawapaySandbox?.findDeposit(body.depositId))?.status).toBe('COMPLETED');
    // Now our row lands (the same depositId, pawaPay answers DUPLICATE_IGNORED).
    expect((await postDeposit(app, cookie, body)).json().result.status).toBe('DUPLICATE_IGNORED');
    await wait(2500); // the sandbox's retries: 0.5 s, then 1 s
    expect(await readWalletBalance(app, cookie)).toBe(2000);
    expect((await readStatus(app, cookie, body.depositId)).status).toBe('COMPLETED');
    expect(await countBookings(app, body.depositId)).toBe(1);
  });

  it('moves nothing for a forged callback: unsigned, signed by another key, or altered after signing', async () => {
    const { app } = testApp;
    const { cookie } = await fan();
    const body = depositRequest('260763456129'); // stays SUBMITTED at pawaPay
    await postDeposit(app, cookie, body);
    const forged = JSON.stringify(completedCallbackBody(body, '5000'));

    expect((await postCallback(forged)).statusCode).toBe(401);

    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const request = {
      method: 'POST',
      authority: 'stagepass.test',
      path: DEPOSIT_CALLBACK_PATH,
      contentType: 'application/json',
    };
    const strangerSigned = signRequest({ ...request, body: forged }, { id: 'stranger', privateKey });
    expect((await postCallback(forged, strangerSigned)).statusCode).toBe(401);

    const honest = JSON.stringify({ ...completedCallbackBody(body), status: 'FAILED' });
    const signedHonest = signRequest({ ...request, body: honest }, { id: 'stranger', privateKey });
    expect((await postCallback(forged, signedHonest)).statusCode).toBe(401);

    expect((await readStatus(app, cookie, body.depositId)).status).toMatch(/^(ACCEPTED|SUBMITTED)$/);
    expect(await readWalletBalance(app, cookie)).toBe(0);
    await expectLedgerBalanced(app);
  });

  it('credits a deposit pawaPay reports after we had closed it as never received', async () => {
    const { app } = testApp;
    const { cookie, id: userId } = await fan();
    const body = depositRequest('260763456789');
    // Our row exists, but pawaPay heard nothing in time: the job closed it as NOT_RECEIVED.
    await app.db.insert(deposits).values({
      depositId: body.depositId,
      userId,
      status: 'REJECTED',
      failureCode: 'NOT_RECEIVED',
      requestedAmount: 2000,
      currency: 'ZMW',
      country: 'ZMB',
      correspondent: body.correspondent,
      payerPhone: body.payer.address.value,
      customerTimestamp: body.customerTimestamp,
      statementDescription: 'Wallet topup',
    });
    // The initiation reached pawaPay late after all, and the payer confirmed.
    await app.pawapay.initiateDeposit(body);
    await waitForStatus(app, cookie, body.depositId, ['COMPLETED']);
    expect(await readWalletBalance(app, cookie)).toBe(2000);
    expect(await countBookings(app, body.depositId)).toBe(1);
  });

  it('answers the provider timing out by asking it, and credits once', async () => {
    const { app } = testApp;
    const sandbox = app.pawapaySandbox!;
    const { cookie } = await fan();
    const body = depositRequest('260763456789');
    sandbox.behaviour.initiationAnswerDelayMs = 2500; // our deadline is 2 s
    try {
      const started = await postDeposit(app, cookie, body);
      expect(started.statusCode, started.body).toBe(200);
      expect(started.json().result.status).toBe('ACCEPTED');
    } finally {
      sandbox.behaviour.initiationAnswerDelayMs = 0;
    }
    await waitForStatus(app, cookie, body.depositId, ['COMPLETED']);
    expect(await readWalletBalance(app, cookie)).toBe(2000);
    expect(await countBookings(app, body.depositId)).toBe(1);
  });
});
