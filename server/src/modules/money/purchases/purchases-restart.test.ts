import { describe, expect, it } from 'vitest';
import type { App } from '../../../app.ts';
import { buyAs, readStatus, waitForPurchase } from '../../../test/factories/money.ts';
import { createPerson, type TestPerson } from '../../../test/factories/people.ts';
import { reconcileDeposits } from '../deposits/deposit-reconciliation.ts';
import { countBookings, expectLedgerBalanced, wait } from '../deposits/test-deposits.ts';
import { setupProviderApart } from '../deposits/test-provider-apart.ts';
import { earningsAccountId, readBalance, walletAccountId } from '../ledger/ledger.service.ts';

// A purchase waiting on its top-up completes in the transaction that credits the top-up,
// whichever of pawaPay's callback, the fan's poll and the reconciliation job sees it first,
// and also when our server dies in between (the sandbox runs apart, test-provider-apart.ts).

const SETTLES_AFTER_MS = 1500;
const COMPLETES = '260763456789';
const provider = setupProviderApart({ finalAfterMs: SETTLES_AFTER_MS });
const startServer = (env: Record<string, string>) =>
  provider.startServer({ PLATFORM_FEE_PERCENT: '10', ...env });

/** K10 of support from a fan with K0: a K10 top-up by mobile money, then the purchase. */
async function supportByMobileMoney(app: App, fan: TestPerson, creator: TestPerson) {
  const answer = await buyAs(app, fan, {
    kind: 'support',
    creator: creator.username,
    amount: 1_000,
    funding: { method: 'mobile-money', phone: COMPLETES, correspondent: 'MTN_MOMO_ZMB' },
  });
  expect(answer.statusCode).toBe(201);
  const { purchase, deposit } = answer.json();
  expect(purchase.status).toBe('awaiting-payment');
  return { purchaseId: purchase.purchaseId as string, depositId: deposit.depositId as string };
}

async function expectPaidOnce(app: App, fan: TestPerson, creator: TestPerson, depositId: string) {
  expect(await readBalance(app.db, walletAccountId(fan.id))).toBe(0);
  expect(await readBalance(app.db, earningsAccountId(creator.id))).toBe(900);
  expect(await countBookings(app, depositId)).toBe(1);
  await expectLedgerBalanced(app);
}

describe('a purchase waiting on its top-up', () => {
  it('completes once when the callback, the polls and the reconciliation race', async () => {
    const app = await startServer({ JOB_CONCURRENCY: '0' });
    try {
      const creator = await createPerson(app);
      const fan = await createPerson(app, { role: 'fan' });
      const { purchaseId, depositId } = await supportByMobileMoney(app, fan, creator);

      // Past the reconciliation's grace period, so every round asks pawaPay again.
      const later = () => new Date(Date.now() + 60_000);
      const reconcile = () =>
        reconcileDeposits({ db: app.db, pawapay: app.pawapay, log: app.log, intervalMs: 0, now: later() });
      await Promise.all(
        Array.from({ length: 40 }, async (_, index) => {
          await wait(SETTLES_AFTER_MS - 400 + index * 20);
          await (index % 2 === 0 ? readStatus(app, fan.cookie, depositId) : reconcile());
        }),
      );

      const purchase = await waitForPurchase(app, fan, purchaseId, 'completed');
      expect(purchase.amount).toBe(1_000);
      await expectPaidOnce(app, fan, creator, depositId);
    } finally {
      await app.close();
    }
  });

  it('completes once after the server died before the top-up settled', async () => {
    const first = await startServer({ JOB_CONCURRENCY: '0' });
    const creator = await createPerson(first);
    const fan = await createPerson(first, { role: 'fan' });
    const { purchaseId, depositId } = await supportByMobileMoney(first, fan, creator);
    await first.close(); // before pawaPay settles: its callback now finds nobody

    await wait(SETTLES_AFTER_MS + 500);
    expect((await provider.sandbox.findDeposit(depositId))?.status).toBe('COMPLETED');
    const second = await startServer({ JOB_CONCURRENCY: '1', RECONCILE_INTERVAL_MS: '250' });
    try {
      const purchase = await waitForPurchase(second, fan, purchaseId, 'completed');
      expect(purchase.completedAt).toEqual(expect.any(String));
      await expectPaidOnce(second, fan, creator, depositId);
    } finally {
      await second.close();
    }
  });
});
