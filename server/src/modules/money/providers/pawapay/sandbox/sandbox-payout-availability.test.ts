import { CORRESPONDENTS } from '@stagepass/contract/mobile-money';
import { describe, expect, it } from 'vitest';
import {
  payoutRequest,
  setupCallbackReceiver,
  setupSandboxApart,
  waitForPayout,
} from './sandbox-payouts.test-support.ts';

// Operators whose payouts are DELAYED or CLOSED, payouts held ENQUEUED and cancelled, and
// callbacks resent and retried, through our real client over HTTP.
const FINAL_AFTER_MS = 300;
const receiver = setupCallbackReceiver();
const provider = setupSandboxApart({ finalAfterMs: FINAL_AFTER_MS, callbackUrl: () => receiver.url });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const callbacksOf = (payoutId: string) =>
  receiver.received.filter((call) => call.payout.payoutId === payoutId);

async function waitForCallbacks(payoutId: string, count: number) {
  const deadline = Date.now() + 10_000;
  while (callbacksOf(payoutId).length < count && Date.now() < deadline) await wait(50);
  expect(callbacksOf(payoutId)).toHaveLength(count);
  return callbacksOf(payoutId);
}

describe("operators' availability", () => {
  it('lists every operator OPERATIONAL for deposits, payouts and refunds unless set', async () => {
    const { client, sandbox } = provider;
    expect(await client.getAvailability()).toEqual([
      {
        country: 'ZMB',
        correspondents: CORRESPONDENTS.map((correspondent) => ({
          correspondent,
          operationTypes: [
            { operationType: 'DEPOSIT', status: 'OPERATIONAL' },
            { operationType: 'PAYOUT', status: 'OPERATIONAL' },
            { operationType: 'REFUND', status: 'OPERATIONAL' },
          ],
        })),
      },
    ]);
    await sandbox.setPayoutAvailability('ZAMTEL_ZMB', 'CLOSED');
    try {
      const [zambia] = await client.getAvailability();
      const zamtel = zambia?.correspondents.find((entry) => entry.correspondent === 'ZAMTEL_ZMB');
      expect(zamtel?.operationTypes).toContainEqual({ operationType: 'PAYOUT', status: 'CLOSED' });
      expect(zamtel?.operationTypes).toContainEqual({ operationType: 'DEPOSIT', status: 'OPERATIONAL' });
    } finally {
      await sandbox.setPayoutAvailability('ZAMTEL_ZMB', 'OPERATIONAL');
    }
  });

  it("states payouts' limits beside deposits' in the active configuration", async () => {
    const configuration = await provider.client.getActiveConfiguration();
    for (const correspondent of configuration.countries[0]?.correspondents ?? []) {
      expect(correspondent.operationTypes).toEqual([
        { operationType: 'DEPOSIT', minTransactionLimit: '1', maxTransactionLimit: '20000' },
        { operationType: 'PAYOUT', minTransactionLimit: '1', maxTransactionLimit: '20000' },
      ]);
    }
  });

  it('rejects payouts to a CLOSED operator, but still knows one it took before', async () => {
    const { client, sandbox } = provider;
    const taken = payoutRequest('260951234789');
    expect((await client.initiatePayout(taken)).status).toBe('ACCEPTED');
    await sandbox.setPayoutAvailability('ZAMTEL_ZMB', 'CLOSED');
    try {
      const refused = payoutRequest('260951234789');
      expect(await client.initiatePayout(refused)).toMatchObject({
        status: 'REJECTED',
        rejectionReason: { rejectionCode: 'CORRESPONDENT_TEMPORARILY_UNAVAILABLE' },
      });
      expect(await client.getPayout(refused.payoutId)).toBeNull();
      // A retry of the payout taken before is a repeat, not a refusal: it is on its way.
      expect((await client.initiatePayout(taken)).status).toBe('DUPLICATE_IGNORED');
      await waitForPayout(client, taken.payoutId, ['COMPLETED']);
    } finally {
      await sandbox.setPayoutAvailability('ZAMTEL_ZMB', 'OPERATIONAL');
    }
  });
});

describe('a payout to a DELAYED operator', () => {
  it('is held ENQUEUED, then goes SUBMITTED and COMPLETED once the operator is OPERATIONAL', async () => {
    const { client, sandbox } = provider;
    await sandbox.setPayoutAvailability('AIRTEL_OAPI_ZMB', 'DELAYED');
    const body = payoutRequest('260971234789');
    const other = payoutRequest('260763456789'); // MTN is not delayed
    try {
      expect(await client.initiatePayout(body)).toMatchObject({
        status: 'ENQUEUED',
        created: expect.any(String),
      });
      expect((await client.initiatePayout(other)).status).toBe('ACCEPTED');
      await wait(FINAL_AFTER_MS * 2);
      expect(await client.getPayout(body.payoutId)).toMatchObject({ status: 'ENQUEUED', amount: '20' });
      expect((await client.getPayout(other.payoutId))?.status).toBe('COMPLETED');
      expect(callbacksOf(body.payoutId)).toEqual([]);
      expect((await client.resendPayoutCallback(body.payoutId)).rejectionReason?.rejectionCode).toBe(
        'INVALID_STATE',
      );
    } finally {
      await sandbox.setPayoutAvailability('AIRTEL_OAPI_ZMB', 'OPERATIONAL');
    }
    // Never back to ACCEPTED: from ENQUEUED it goes on to SUBMITTED.
    expect((await client.getPayout(body.payoutId))?.status).toMatch(/ENQUEUED|SUBMITTED/);
    await waitForPayout(client, body.payoutId, ['SUBMITTED']);
    const done = await waitForPayout(client, body.payoutId, ['COMPLETED']);
    expect(done.receivedByRecipient).toEqual(expect.any(String));
    const [callback] = await waitForCallbacks(body.payoutId, 1);
    expect(callback?.payout).toEqual(done);
  });

  it('is cancelled by fail-enqueued: FAILED at once as MANUALLY_CANCELLED, with its callback', async () => {
    const { client, sandbox } = provider;
    await sandbox.setPayoutAvailability('AIRTEL_OAPI_ZMB', 'DELAYED');
    const body = payoutRequest('260971234789');
    try {
      expect((await client.initiatePayout(body)).status).toBe('ENQUEUED');
      expect(await client.failEnqueuedPayout(body.payoutId)).toEqual({
        payoutId: body.payoutId,
        status: 'ACCEPTED',
      });
      const failed = await client.getPayout(body.payoutId);
      expect(failed).toMatchObject({
        status: 'FAILED',
        failureReason: { failureCode: 'MANUALLY_CANCELLED' },
      });
      const [callback] = await waitForCallbacks(body.payoutId, 1);
      expect(callback?.payout).toEqual(failed);
      expect(await client.failEnqueuedPayout(body.payoutId)).toMatchObject({
        status: 'REJECTED',
        rejectionReason: { rejectionCode: 'INVALID_STATE' },
      });
    } finally {
      await sandbox.setPayoutAvailability('AIRTEL_OAPI_ZMB', 'OPERATIONAL');
    }
    // The operator's recovery does not bring a cancelled payout back.
    await wait(FINAL_AFTER_MS * 2);
    expect((await client.getPayout(body.payoutId))?.status).toBe('FAILED');
    expect(callbacksOf(body.payoutId)).toHaveLength(1);
  });

  it('refuses fail-enqueued for a payout not ENQUEUED (INVALID_STATE) or unknown (NOT_FOUND)', async () => {
    const { client } = provider;
    const body = payoutRequest('260763456789');
    await client.initiatePayout(body);
    expect(await client.failEnqueuedPayout(body.payoutId)).toMatchObject({
      payoutId: body.payoutId,
      status: 'REJECTED',
      rejectionReason: { rejectionCode: 'INVALID_STATE' },
    });
    const unknown = payoutRequest('260763456789').payoutId;
    expect(await client.failEnqueuedPayout(unknown)).toMatchObject({
      payoutId: unknown,
      status: 'REJECTED',
      rejectionReason: { rejectionCode: 'NOT_FOUND' },
    });
    expect((await waitForPayout(client, body.payoutId, ['COMPLETED'])).status).toBe('COMPLETED');
  });
});

describe("a payout's callback", () => {
  it('is resent on request once final, and refused before (INVALID_STATE) or for no payout (NOT_FOUND)', async () => {
    const { client } = provider;
    const final = payoutRequest('260763456789');
    const pending = payoutRequest('260763456129');
    await client.initiatePayouts([final, pending]);
    expect((await client.resendPayoutCallback(final.payoutId)).rejectionReason?.rejectionCode).toBe(
      'INVALID_STATE',
    );
    await waitForPayout(client, final.payoutId, ['COMPLETED']);
    await waitForCallbacks(final.payoutId, 1);
    expect(await client.resendPayoutCallback(final.payoutId)).toEqual({
      payoutId: final.payoutId,
      status: 'ACCEPTED',
    });
    const [first, again] = await waitForCallbacks(final.payoutId, 2);
    expect(again?.payout).toEqual(first?.payout);
    expect((await client.resendPayoutCallback(pending.payoutId)).rejectionReason?.rejectionCode).toBe(
      'INVALID_STATE',
    );
    const unknown = payoutRequest('260763456789').payoutId;
    expect((await client.resendPayoutCallback(unknown)).rejectionReason?.rejectionCode).toBe('NOT_FOUND');
  });

  it('is posted again until it is answered 200, as deposit callbacks are', async () => {
    const { client, sandbox } = provider;
    receiver.status = 503;
    const body = payoutRequest('260763456789');
    try {
      await client.initiatePayout(body);
      await waitForCallbacks(body.payoutId, 2); // at the final time, then 0.5 s later
    } finally {
      receiver.status = 200;
    }
    await waitForCallbacks(body.payoutId, 3); // 1 s after that
    await wait(2500); // delivered: no fourth post
    expect(callbacksOf(body.payoutId)).toHaveLength(3);
    const attempts = sandbox.listCallbackAttempts().filter((attempt) => attempt.id === body.payoutId);
    expect(attempts.map((attempt) => attempt.status)).toEqual([503, 503, 200]);
  });
});
