import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../../../app.ts';
import { payouts } from '../../../db/schema/index.ts';
import { createCreatorWithEarnings } from '../../../test/factories/money.ts';
import { wait } from '../deposits/test-deposits.ts';
import { setupProviderApart } from '../deposits/test-provider-apart.ts';
import { toPawapayRequest } from './payouts.service.ts';
import { reserveAndSave } from './request-payout.ts';
import {
  expectPayoutSettledOnce,
  PAYOUT_NUMBERS,
  payOutAs,
  readEarningsAs,
  readStoredStatus,
  waitUntil,
} from './test-payouts.ts';

// A payout whose answer is lost: pawaPay is slow to answer, or our server stops between
// reserving the amount and calling pawaPay, or between the call and its answer. pawaPay
// outlives our server (the sandbox runs apart, test-provider-apart.ts); each payout is
// still sent under one payoutId and ends paid out exactly once.

const FINAL_AFTER_MS = 3000;
const provider = setupProviderApart({ finalAfterMs: FINAL_AFTER_MS });
const TIMEOUT_MS = 1000;
const startServer = (env: Record<string, string> = {}) =>
  provider.startServer({ JOB_CONCURRENCY: '0', PAWAPAY_TIMEOUT_MS: String(TIMEOUT_MS), ...env });
/** A server whose reconciliation job runs every quarter of a second. */
const startReconcilingServer = () => startServer({ JOB_CONCURRENCY: '1', RECONCILE_INTERVAL_MS: '250' });

/** How many times pawaPay was asked to make this payout (alone or in bulk). */
const countInitiations = (payoutId: string) =>
  provider.requests.filter(
    (request) =>
      request.method === 'POST' &&
      (request.path === '/payouts' || request.path === '/payouts/bulk') &&
      request.payoutIds.includes(payoutId),
  ).length;

/** A K30 payout to a completing number, saved and reserved as a request does, but not sent. */
async function reserveWithoutSending(app: App, creatorId: string) {
  const saved = await reserveAndSave(app.db, {
    payoutId: crypto.randomUUID(),
    creatorId,
    amount: 3_000,
    recipient: { phone: PAYOUT_NUMBERS.completes, correspondent: 'MTN_MOMO_ZMB' },
    holdHours: 0,
    isAutomatic: false,
  });
  if (!saved) throw new Error('not saved');
  return saved;
}

/** The time our server was down, as the payout's age: past the job's wait for a first request. */
async function ageBy(app: App, payoutId: string, minutes: number) {
  await app.db
    .update(payouts)
    .set({ createdAt: sql`${payouts.createdAt} - make_interval(mins => ${minutes})` })
    .where(eq(payouts.payoutId, payoutId));
}

describe('a payout whose answer is lost', () => {
  it('asks pawaPay again when it does not answer in time, and never sends it twice', async () => {
    const app = await startServer();
    try {
      const creator = await createCreatorWithEarnings(app, 10_000);
      provider.sandbox.behaviour.initiationAnswerDelayMs = TIMEOUT_MS + 500;
      let answer: Awaited<ReturnType<typeof payOutAs>>;
      try {
        answer = await payOutAs(app, creator, { amount: 5_000, phone: PAYOUT_NUMBERS.completes });
      } finally {
        provider.sandbox.behaviour.initiationAnswerDelayMs = 0;
      }
      expect(answer.statusCode, answer.body).toBe(201);
      const { payout } = answer.json();
      expect(payout.status).toMatch(/^(ACCEPTED|SUBMITTED)$/); // as pawaPay had it when asked

      await waitUntil(
        async () => (await readStoredStatus(app, payout.payoutId)) === 'COMPLETED',
        'COMPLETED',
      );
      expect(countInitiations(payout.payoutId)).toBe(1);
      expect(await readEarningsAs(app, creator)).toMatchObject({
        available: 5_000,
        onItsWay: 0,
        paidOut: 5_000,
      });
      await expectPayoutSettledOnce(app, payout.payoutId, 'paid');
    } finally {
      await app.close();
    }
  });

  it('sends it after a restart when the server stopped between reserving and calling pawaPay', async () => {
    const first = await startServer();
    const creator = await createCreatorWithEarnings(first, 10_000);
    const saved = await reserveWithoutSending(first, creator.id);
    await first.close();
    await ageBy(first, saved.payoutId, 2);
    expect(await provider.sandbox.findPayout(saved.payoutId)).toBeUndefined();

    const second = await startReconcilingServer();
    try {
      await waitUntil(
        async () => (await readStoredStatus(second, saved.payoutId)) === 'COMPLETED',
        'the re-sent payout to complete',
      );
      expect(countInitiations(saved.payoutId)).toBe(1);
      expect((await provider.sandbox.findPayout(saved.payoutId))?.status).toBe('COMPLETED');
      expect(await readEarningsAs(second, creator)).toMatchObject({ available: 7_000, paidOut: 3_000 });
      await expectPayoutSettledOnce(second, saved.payoutId, 'paid');
    } finally {
      await second.close();
    }
  });

  it('settles it once after a restart when the server stopped between calling pawaPay and its callback', async () => {
    const first = await startServer();
    const creator = await createCreatorWithEarnings(first, 10_000);
    provider.sandbox.behaviour.initiationAnswerDelayMs = TIMEOUT_MS + 500;
    let payoutId: string;
    try {
      const answer = await payOutAs(first, creator, { amount: 4_000, phone: PAYOUT_NUMBERS.completes });
      expect(answer.statusCode, answer.body).toBe(201);
      payoutId = answer.json().payout.payoutId;
    } finally {
      provider.sandbox.behaviour.initiationAnswerDelayMs = 0;
    }
    await first.close(); // before pawaPay's callback: it finds nobody
    await wait(FINAL_AFTER_MS);
    expect((await provider.sandbox.findPayout(payoutId))?.status).toBe('COMPLETED');
    expect(await readStoredStatus(first, payoutId)).not.toBe('COMPLETED');

    const second = await startReconcilingServer();
    provider.loseCallbacks(); // only the reconciliation job may settle it now
    try {
      await waitUntil(
        async () => (await readStoredStatus(second, payoutId)) === 'COMPLETED',
        'reconciliation',
      );
      expect(countInitiations(payoutId)).toBe(1);
      await expectPayoutSettledOnce(second, payoutId, 'paid');
    } finally {
      await second.close();
    }
  });

  it('settles it once after a restart when the server stopped before applying pawaPay’s answer', async () => {
    const first = await startServer();
    const creator = await createCreatorWithEarnings(first, 10_000);
    const saved = await reserveWithoutSending(first, creator.id);
    // pawaPay took it, and our server died before writing down the answer: still INITIATED.
    expect((await first.pawapay.initiatePayout(toPawapayRequest(saved))).status).toBe('ACCEPTED');
    await first.close();
    provider.loseCallbacks();
    await ageBy(first, saved.payoutId, 2);

    const second = await startReconcilingServer();
    provider.loseCallbacks();
    try {
      await waitUntil(
        async () => (await readStoredStatus(second, saved.payoutId)) === 'COMPLETED',
        'reconciliation',
      );
      // Known to pawaPay, so asked about, never sent again.
      expect(countInitiations(saved.payoutId)).toBe(1);
      await expectPayoutSettledOnce(second, saved.payoutId, 'paid');
    } finally {
      await second.close();
    }
  });
});
