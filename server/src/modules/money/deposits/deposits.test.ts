import { describe, expect, it } from 'vitest';
import {
  depositRequest,
  postDeposit,
  readStatus,
  readWalletBalance,
  waitForStatus,
} from '../../../test/factories/money.ts';
import { createPerson } from '../../../test/factories/people.ts';
import {
  countBookings,
  expectLedgerBalanced,
  SETTLE_MS,
  setupListeningTestApp,
  wait,
} from './test-deposits.ts';

const testApp = setupListeningTestApp();
const fan = () => createPerson(testApp.app, { role: 'fan' });

describe('a top-up through the pawaPay sandbox, over HTTP', () => {
  it('completes with a …789 number: ACCEPTED, then COMPLETED, and the wallet holds K20 once', async () => {
    const { app } = testApp;
    const { cookie } = await fan();
    const body = depositRequest('260763456789');
    const started = await postDeposit(app, cookie, body);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({
      success: true,
      result: { depositId: body.depositId, status: 'ACCEPTED' },
    });
    expect((await readStatus(app, cookie, body.depositId)).status).toMatch(/ACCEPTED|SUBMITTED/);

    const done = await waitForStatus(app, cookie, body.depositId, ['COMPLETED']);
    expect(done).toMatchObject({ requestedAmount: '20', depositedAmount: '20', currency: 'ZMW' });
    expect(await readWalletBalance(app, cookie)).toBe(2000);
    expect(await countBookings(app, body.depositId)).toBe(1);
    await expectLedgerBalanced(app);

    const wallet = (await app.inject({ url: '/api/wallet', headers: { cookie } })).json();
    expect(wallet.balance).toEqual({ amount: 2000, currency: 'ZMW' });
    // The session view carries it too (the account menu and tipping read it there).
    const session = (await app.inject({ url: '/api/auth/session', headers: { cookie } })).json();
    expect(session.accountBalance).toEqual({ amount: 2000 });
    expect(wallet.transactions).toEqual([
      expect.objectContaining({
        kind: 'topup',
        status: 'COMPLETED',
        amount: 2000,
        description: 'Wallet topup',
      }),
    ]);
  });

  it.each([
    ['260763456049', 'INSUFFICIENT_BALANCE'],
    ['260763456039', 'PAYMENT_NOT_APPROVED'],
    ['260763456029', 'PAYER_NOT_FOUND'],
  ])('fails with %s as %s, and nothing is credited', async (phone, failureCode) => {
    const { app } = testApp;
    const { cookie } = await fan();
    const body = depositRequest(phone);
    expect((await postDeposit(app, cookie, body)).json().result.status).toBe('ACCEPTED');
    const failed = await waitForStatus(app, cookie, body.depositId, ['FAILED', 'COMPLETED']);
    expect(failed.status).toBe('FAILED');
    expect(failed.failureReason?.failureCode).toBe(failureCode);
    expect(await readWalletBalance(app, cookie)).toBe(0);
    const wallet = (await app.inject({ url: '/api/wallet', headers: { cookie } })).json();
    expect(wallet.transactions[0]).toMatchObject({ status: 'FAILED', failureCode, amount: 2000 });
  });

  it('leaves a …129 number SUBMITTED, with no callback and no money', async () => {
    const { app } = testApp;
    const { cookie } = await fan();
    const body = depositRequest('260763456129');
    await postDeposit(app, cookie, body);
    await wait(SETTLE_MS * 3);
    expect((await readStatus(app, cookie, body.depositId)).status).toBe('SUBMITTED');
    expect(await readWalletBalance(app, cookie)).toBe(0);
  });

  it('is REJECTED at once for an amount outside the limits or a number of another operator', async () => {
    const { app } = testApp;
    const { cookie } = await fan();
    const cases = [
      [depositRequest('260763456789', { amount: '0.5' }), 'AMOUNT_TOO_SMALL'],
      [depositRequest('260763456789', { amount: '20001' }), 'AMOUNT_TOO_LARGE'],
      [depositRequest('260763456789', { correspondent: 'AIRTEL_OAPI_ZMB' }), 'INVALID_PAYER_FORMAT'],
    ] as const;
    for (const [body, rejectionCode] of cases) {
      const response = await postDeposit(app, cookie, body);
      expect(response.json().result).toMatchObject({
        status: 'REJECTED',
        rejectionReason: { rejectionCode },
      });
      const status = await readStatus(app, cookie, body.depositId);
      expect(status).toMatchObject({ status: 'REJECTED', rejectionReason: { rejectionCode } });
    }
    expect(await readWalletBalance(app, cookie)).toBe(0);
  });

  it('refuses a malformed body with the field named, and saves nothing', async () => {
    const { app } = testApp;
    const { cookie } = await fan();
    const bad = [
      depositRequest('0763456789'),
      depositRequest('260763456789', { amount: '20.' }),
      depositRequest('260763456789', { amount: '-5' }),
      depositRequest('260763456789', { depositId: 'not-a-uuid' }),
      depositRequest('260763456789', { currency: 'USD' as 'ZMW' }),
      depositRequest('260763456789', { amount: '0' }),
      depositRequest('260763456789', { amount: '0.00' }),
    ];
    for (const body of bad) {
      const response = await postDeposit(app, cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
    const wallet = (await app.inject({ url: '/api/wallet', headers: { cookie } })).json();
    expect(wallet.transactions).toEqual([]);
  });

  it("needs a signed-in person, and hides one person's deposit from another (404)", async () => {
    const { app } = testApp;
    const owner = await fan();
    const other = await fan();
    const body = depositRequest('260763456789');
    expect(
      (await app.inject({ method: 'POST', url: '/api/pawapay/deposits-api/deposit', payload: body }))
        .statusCode,
    ).toBe(401);
    await postDeposit(app, owner.cookie, body);
    for (const url of [
      `/api/pawapay/deposits-api/deposit-status/${body.depositId}`,
      `/api/pawapay/deposits-api/resend-deposit-callback/${body.depositId}`,
    ]) {
      const response = await app.inject({ method: 'POST', url, headers: { cookie: other.cookie } });
      expect(response.statusCode).toBe(404);
    }
    // Reusing its depositId is refused, not a second deposit; so is the owner's with other details.
    expect((await postDeposit(app, other.cookie, body)).statusCode).toBe(409);
    const otherOperator = { ...body, correspondent: 'AIRTEL_OAPI_ZMB' as const };
    expect((await postDeposit(app, owner.cookie, otherOperator)).statusCode).toBe(409);
    await waitForStatus(app, owner.cookie, body.depositId, ['COMPLETED']);
    expect(await readWalletBalance(app, other.cookie)).toBe(0);
  });

  it('treats the same deposit sent twice as one deposit', async () => {
    const { app } = testApp;
    const { cookie } = await fan();
    const body = depositRequest('260763456789');
    const [first, second] = await Promise.all([
      postDeposit(app, cookie, body),
      postDeposit(app, cookie, body),
    ]);
    expect([first.json().result.status, second.json().result.status].sort()).toEqual(
      expect.arrayContaining([expect.stringMatching(/ACCEPTED|DUPLICATE_IGNORED/)]),
    );
    await waitForStatus(app, cookie, body.depositId, ['COMPLETED']);
    expect(await readWalletBalance(app, cookie)).toBe(2000);
    expect(await countBookings(app, body.depositId)).toBe(1);
  });

  it('credits the amount pawaPay reports as deposited, not the amount asked for', async () => {
    const { app } = testApp;
    const sandbox = app.pawapaySandbox!;
    const { cookie } = await fan();
    sandbox.behaviour.depositedAmountFor = () => '19.5';
    try {
      const body = depositRequest('260763456789');
      await postDeposit(app, cookie, body);
      const done = await waitForStatus(app, cookie, body.depositId, ['COMPLETED']);
      expect(done).toMatchObject({ requestedAmount: '20', depositedAmount: '19.5' });
      expect(await readWalletBalance(app, cookie)).toBe(1950);
    } finally {
      sandbox.behaviour.depositedAmountFor = undefined;
    }
  });
});
