import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { buyAs, readStatus, waitForPurchase } from '../../../test/factories/money.ts';
import { createPerson, type TestPerson } from '../../../test/factories/people.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { DEPOSIT_CALLBACK_PATH } from '../deposits/deposit-callbacks.ts';
import { reconcileDeposits } from '../deposits/deposit-reconciliation.ts';
import { countBookings, expectLedgerBalanced, wait } from '../deposits/test-deposits.ts';
import { earningsAccountId, readBalance, walletAccountId } from '../ledger/ledger.service.ts';
import { createPawapaySandbox, type PawapaySandbox } from '../providers/pawapay/sandbox/pawapay-sandbox.ts';

// A purchase waiting on its top-up completes in the transaction that credits the top-up,
// whichever of pawaPay's callback, the fan's poll and the reconciliation job sees it first,
// and also when our server dies in between. pawaPay outlives our server: the sandbox runs
// apart here, as the real provider does, and a server is started again on the same database.

const API_TOKEN = 'purchase-restart-token';
const SETTLES_AFTER_MS = 1500;
const COMPLETES = '260763456789';
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let provider: ReturnType<typeof Fastify>;
let sandbox: PawapaySandbox;
let providerUrl = '';
let callbackUrl: string | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-purchase-restart-'));

beforeAll(async () => {
  database = await createTestDatabase();
  sandbox = createPawapaySandbox({
    apiToken: API_TOKEN,
    callbackUrl: () => callbackUrl,
    finalAfterMs: SETTLES_AFTER_MS,
  });
  provider = Fastify();
  await provider.register(sandbox.routes, { prefix: '/pawapay' });
  await provider.listen({ port: 0, host: '127.0.0.1' });
  providerUrl = `http://127.0.0.1:${(provider.server.address() as AddressInfo).port}/pawapay`;
});

afterAll(async () => {
  sandbox.close();
  await provider.close();
  await database.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(env: Record<string, string>): Promise<App> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PAWAPAY_BASE_URL: providerUrl,
    PAWAPAY_API_TOKEN: API_TOKEN,
    PAWAPAY_SIGNED_CALLBACKS: 'true',
    PLATFORM_FEE_PERCENT: '10',
    ...env,
  });
  const app = await buildApp({ config, database: database.database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  callbackUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${DEPOSIT_CALLBACK_PATH}`;
  return app;
}

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
    expect((await sandbox.findDeposit(depositId))?.status).toBe('COMPLETED');
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
