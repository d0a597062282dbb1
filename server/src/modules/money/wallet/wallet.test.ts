import { describe, expect, it } from 'vitest';
import { depositRequest, postDeposit, waitForStatus } from '../../../test/factories/money.ts';
import { createPerson } from '../../../test/factories/people.ts';
import { setupListeningTestApp } from '../deposits/test-deposits.ts';

const testApp = setupListeningTestApp();

describe('GET /api/wallet', () => {
  it('pages the statement newest first with a cursor, amounts in ngwee', async () => {
    const { app } = testApp;
    const { cookie } = await createPerson(app, { role: 'fan' });
    const amounts = ['10', '20', '40'];
    for (const amount of amounts) {
      const body = depositRequest('260763456789', { amount });
      await postDeposit(app, cookie, body);
      await waitForStatus(app, cookie, body.depositId, ['COMPLETED']);
    }
    const first = (await app.inject({ url: '/api/wallet?limit=2', headers: { cookie } })).json();
    expect(first.balance).toEqual({ amount: 7000, currency: 'ZMW' });
    expect(first.transactions.map((line: { amount: number }) => line.amount)).toEqual([4000, 2000]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (
      await app.inject({ url: `/api/wallet?limit=2&cursor=${first.nextCursor}`, headers: { cookie } })
    ).json();
    expect(second.transactions.map((line: { amount: number }) => line.amount)).toEqual([1000]);
    expect(second.nextCursor).toBeNull();
  });

  it("is one person's own, needs a session, and refuses a cursor it did not make", async () => {
    const { app } = testApp;
    const stranger = await createPerson(app, { role: 'fan' });
    const empty = (await app.inject({ url: '/api/wallet', headers: { cookie: stranger.cookie } })).json();
    expect(empty).toEqual({
      success: true,
      balance: { amount: 0, currency: 'ZMW' },
      earnings: null,
      transactions: [],
      nextCursor: null,
    });
    expect((await app.inject('/api/wallet')).statusCode).toBe(401);
    const bad = await app.inject({
      url: '/api/wallet?cursor=bm90LWEtY3Vyc29y',
      headers: { cookie: stranger.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
  });
});

describe("pawaPay's configuration and toolkit, through our client and the sandbox", () => {
  it('gives the top-up limits per operator in ngwee, from the active configuration', async () => {
    const response = await testApp.app.inject('/api/wallet/topup-limits');
    expect(response.json()).toEqual({
      success: true,
      limits: [
        { correspondent: 'MTN_MOMO_ZMB', minAmount: 100, maxAmount: 2_000_000 },
        { correspondent: 'AIRTEL_OAPI_ZMB', minAmount: 100, maxAmount: 2_000_000 },
        { correspondent: 'ZAMTEL_ZMB', minAmount: 100, maxAmount: 2_000_000 },
      ],
    });
  });

  it('predicts the operator of a number, and the sandbox rejects a malformed payer at once', async () => {
    const { pawapay } = testApp.app;
    expect(await pawapay.predictCorrespondent('260971234567')).toMatchObject({
      correspondent: 'AIRTEL_OAPI_ZMB',
    });
    const answer = await pawapay.initiateDeposit({
      ...depositRequest('260763456789'),
      payer: { type: 'MSISDN', address: { value: '2607634' } },
    });
    expect(answer).toMatchObject({
      status: 'REJECTED',
      rejectionReason: { rejectionCode: 'INVALID_PAYER_FORMAT' },
    });
    expect(await pawapay.getDeposit(answer.depositId)).toBeNull();
  });

  it('documents every wallet and deposit path in the OpenAPI document', async () => {
    const { paths } = (await testApp.app.inject('/api/openapi.json')).json();
    for (const path of [
      '/api/pawapay/deposits-api/deposit',
      '/api/pawapay/deposits-api/deposit-status/{depositId}',
      '/api/pawapay/deposits-api/resend-deposit-callback/{id}',
      '/api/pawapay/callbacks/deposits',
      '/api/wallet',
      '/api/wallet/topup-limits',
    ]) {
      const operations = Object.values(paths[path] ?? {}) as { summary?: string }[];
      expect(operations.length, path).toBeGreaterThan(0);
      for (const operation of operations) expect(operation.summary, path).toEqual(expect.any(String));
    }
  });
});
