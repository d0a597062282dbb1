import { payoutRoutes } from '@stagepass/contract/payouts';
import { describe, expect, it } from 'vitest';
import { verifyRequest } from '../http-message-signatures.ts';
import { PAWAPAY_BULK_PAYOUT_LIMIT } from '../pawapay-api.ts';
import { PawapayRequestError } from '../pawapay-client.ts';
import {
  payoutRequest,
  setupCallbackReceiver,
  setupSandboxApart,
  waitForPayout,
} from './sandbox-payouts.test-support.ts';

// pawaPay v1's payouts in the sandbox, through our real client over HTTP, with the
// callbacks received where our server would receive them (a small HTTP server here).
const FINAL_AFTER_MS = 300;
const receiver = setupCallbackReceiver();
const provider = setupSandboxApart({ finalAfterMs: FINAL_AFTER_MS, callbackUrl: () => receiver.url });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const callbacksOf = (payoutId: string) =>
  receiver.received.filter((call) => call.payout.payoutId === payoutId);

async function waitForCallbacks(payoutId: string, count = 1) {
  const deadline = Date.now() + 10_000;
  while (callbacksOf(payoutId).length < count && Date.now() < deadline) await wait(50);
  expect(callbacksOf(payoutId)).toHaveLength(count);
  return callbacksOf(payoutId);
}

describe('a payout through the sandbox, decided by the recipient number', () => {
  it('completes a …789 number: ACCEPTED, SUBMITTED, then COMPLETED with a signed callback', async () => {
    const { client } = provider;
    const body = payoutRequest('260763456789');
    const answer = await client.initiatePayout(body);
    expect(answer).toEqual({ payoutId: body.payoutId, status: 'ACCEPTED', created: expect.any(String) });
    expect((await client.getPayout(body.payoutId))?.status).toMatch(/ACCEPTED|SUBMITTED/);
    await waitForPayout(client, body.payoutId, ['SUBMITTED']);

    const done = await waitForPayout(client, body.payoutId, ['COMPLETED']);
    expect(done).toMatchObject({
      amount: '20',
      currency: 'ZMW',
      country: 'ZMB',
      correspondent: 'MTN_MOMO_ZMB',
      recipient: { type: 'MSISDN', address: { value: '260763456789' } },
      statementDescription: 'Stagepass earnings',
      receivedByRecipient: expect.any(String),
      correspondentIds: { FINANCIAL_TRANSACTION_ID: expect.stringMatching(/^SBXP\d+$/) },
    });
    expect(done.failureReason).toBeUndefined();

    const [callback] = await waitForCallbacks(body.payoutId);
    expect(callback?.method).toBe('POST');
    expect(callback?.path).toBe(payoutRoutes.receivePayoutCallback.path);
    expect(callback?.payout).toEqual(done);
    const verified = verifyRequest(
      {
        method: 'POST',
        authority: callback!.host,
        path: callback!.path,
        contentType: String(callback!.headers['content-type']),
        body: callback!.body,
        headers: callback!.headers,
      },
      await client.getPublicKeys(),
    );
    expect(verified).toEqual({ ok: true });
    expect(provider.sandbox.listCallbackAttempts()).toContainEqual({
      kind: 'payout',
      id: body.payoutId,
      status: 200,
    });
  });

  it.each([
    ['260763456089', 'RECIPIENT_NOT_FOUND'],
    ['260763456119', 'OTHER_ERROR'],
  ])('fails %s as %s, and calls back', async (msisdn, failureCode) => {
    const { client } = provider;
    const body = payoutRequest(msisdn);
    expect((await client.initiatePayout(body)).status).toBe('ACCEPTED');
    const failed = await waitForPayout(client, body.payoutId, ['FAILED', 'COMPLETED']);
    expect(failed).toMatchObject({ status: 'FAILED', failureReason: { failureCode } });
    expect(failed.receivedByRecipient).toBeUndefined();
    const [callback] = await waitForCallbacks(body.payoutId);
    expect(callback?.payout).toEqual(failed);
  });

  it('leaves a …129 number SUBMITTED for ever, with no callback', async () => {
    const { client } = provider;
    const body = payoutRequest('260763456129');
    expect((await client.initiatePayout(body)).status).toBe('ACCEPTED');
    await wait(FINAL_AFTER_MS * 3);
    expect((await client.getPayout(body.payoutId))?.status).toBe('SUBMITTED');
    expect(callbacksOf(body.payoutId)).toEqual([]);
  });

  it('answers an unknown payout with an empty list (null through the client)', async () => {
    expect(await provider.client.getPayout(payoutRequest('260763456789').payoutId)).toBeNull();
  });
});

describe('what the sandbox refuses', () => {
  it.each([
    ['an unknown operator', { correspondent: 'MPESA_KEN' }, 'INVALID_CORRESPONDENT'],
    ['another currency', { currency: 'USD' }, 'INVALID_CURRENCY'],
    ['another country', { country: 'KEN' }, 'INVALID_CURRENCY'],
    ["a number not of the operator's", { correspondent: 'AIRTEL_OAPI_ZMB' }, 'INVALID_RECIPIENT_FORMAT'],
    ['less than K1', { amount: '0.5' }, 'AMOUNT_TOO_SMALL'],
    ['more than K20,000', { amount: '20000.5' }, 'AMOUNT_TOO_LARGE'],
  ])('rejects %s at once, keeping nothing and calling nobody back', async (_, overrides, rejectionCode) => {
    const { client } = provider;
    const body = payoutRequest('260763456789', overrides);
    const answer = await client.initiatePayout(body);
    expect(answer).toMatchObject({
      payoutId: body.payoutId,
      status: 'REJECTED',
      rejectionReason: { rejectionCode, rejectionMessage: expect.any(String) },
    });
    await wait(FINAL_AFTER_MS * 2);
    expect(await client.getPayout(body.payoutId)).toBeNull();
    expect(callbacksOf(body.payoutId)).toEqual([]);
  });

  it('answers 400 to a payout of the wrong shape, as to a deposit', async () => {
    const body = { ...payoutRequest('260763456789'), payoutId: 'not-a-uuid' };
    const error = await provider.client.initiatePayout(body).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PawapayRequestError);
    expect((error as PawapayRequestError).status).toBe(400);
    expect(JSON.parse((error as PawapayRequestError).body)).toMatchObject({
      errorId: 'sandbox',
      errorCode: 2,
    });
  });

  it('ignores the same payoutId again (DUPLICATE_IGNORED): one payout, one callback', async () => {
    const { client } = provider;
    const body = payoutRequest('260971234789');
    expect((await client.initiatePayout(body)).status).toBe('ACCEPTED');
    expect(await client.initiatePayout(body)).toMatchObject({ status: 'DUPLICATE_IGNORED' });
    expect(await client.initiatePayout({ ...body, amount: '30' })).toMatchObject({
      status: 'DUPLICATE_IGNORED',
    });
    expect((await waitForPayout(client, body.payoutId, ['COMPLETED'])).amount).toBe('20');
    await wait(FINAL_AFTER_MS);
    expect(callbacksOf(body.payoutId)).toHaveLength(1);
  });
});

describe('payouts in bulk', () => {
  it('answers each payout as if posted alone, in order, and each goes its own way', async () => {
    const { client } = provider;
    const completes = payoutRequest('260763456789');
    const fails = payoutRequest('260951234089');
    const staysSubmitted = payoutRequest('260971234129');
    const tooLarge = payoutRequest('260763456789', { amount: '25000' });
    const answers = await client.initiatePayouts([completes, fails, staysSubmitted, tooLarge, completes]);
    expect(answers.map((answer) => [answer.payoutId, answer.status])).toEqual([
      [completes.payoutId, 'ACCEPTED'],
      [fails.payoutId, 'ACCEPTED'],
      [staysSubmitted.payoutId, 'ACCEPTED'],
      [tooLarge.payoutId, 'REJECTED'],
      [completes.payoutId, 'DUPLICATE_IGNORED'],
    ]);
    expect(answers[3]?.rejectionReason?.rejectionCode).toBe('AMOUNT_TOO_LARGE');
    expect((await waitForPayout(client, completes.payoutId, ['COMPLETED'])).correspondent).toBe(
      'MTN_MOMO_ZMB',
    );
    expect(await waitForPayout(client, fails.payoutId, ['FAILED'])).toMatchObject({
      correspondent: 'ZAMTEL_ZMB',
      failureReason: { failureCode: 'RECIPIENT_NOT_FOUND' },
    });
    expect((await client.getPayout(staysSubmitted.payoutId))?.status).toBe('SUBMITTED');
    expect(await client.getPayout(tooLarge.payoutId)).toBeNull();
  });

  it(`refuses more than ${PAWAPAY_BULK_PAYOUT_LIMIT} payouts in one request with 400, taking none`, async () => {
    const { client } = provider;
    const many = Array.from({ length: PAWAPAY_BULK_PAYOUT_LIMIT + 1 }, () => payoutRequest('260763456789'));
    const error = await client.initiatePayouts(many).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PawapayRequestError);
    expect((error as PawapayRequestError).status).toBe(400);
    expect(await client.getPayout(many[0]!.payoutId)).toBeNull();
    const answers = await client.initiatePayouts(many.slice(0, PAWAPAY_BULK_PAYOUT_LIMIT));
    expect(answers.filter((answer) => answer.status === 'ACCEPTED')).toHaveLength(PAWAPAY_BULK_PAYOUT_LIMIT);
  });
});
