import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createPerson } from '../../../test/factories/people.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { expectLedgerBalanced, wait } from '../deposits/test-deposits.ts';
import { earningsAccountId, readBalance, walletAccountId } from '../ledger/ledger.service.ts';
import { saveCardTopup } from './card-topups.service.ts';
import {
  answerChallenge,
  countCardBookings,
  countCharges,
  getCardTopup,
  saveTestCard,
} from './test-card-topups.ts';

// Our server is stopped in the middle of a card top-up and started again on the same
// database; the sandbox processor keeps its charges in that database, as a real
// processor keeps them on its side.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-card-restart-'));

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(env: Record<string, string>): Promise<App> {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env });
  const app = await buildApp({ config, database: database.database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('it never happened');
    await wait(200);
  }
}

describe('a server that dies in the middle of a card top-up', () => {
  it('completes a purchase waiting on 3-D Secure once, from the job, when the browser never came back', async () => {
    const first = await startServer({ JOB_CONCURRENCY: '0' });
    const creator = await createPerson(first);
    const fan = await createPerson(first, { role: 'fan' });
    const card = await saveTestCard(first, fan, 'requiresAuthentication');
    const bought = await first.inject({
      method: 'POST',
      url: '/api/purchases',
      headers: { cookie: fan.cookie },
      payload: {
        purchaseId: randomUUID(),
        kind: 'support',
        creator: creator.username,
        amount: 1_500,
        funding: { method: 'card', paymentMethodId: card },
      },
    });
    const { purchase, cardTopup } = bought.json();
    expect(cardTopup.status).toBe('requires-action');
    await first.close();

    const second = await startServer({ JOB_CONCURRENCY: '1', RECONCILE_INTERVAL_MS: '250' });
    try {
      // The card holder approves at the bank; the browser is closed before it comes back.
      await answerChallenge(second, cardTopup.challengeUrl, 'Approve');
      const readPurchase = () =>
        second.inject({ url: `/api/purchases/${purchase.purchaseId}`, headers: { cookie: fan.cookie } });
      await waitFor(async () => (await readPurchase()).json().purchase.status === 'completed');
      expect(await countCardBookings(second, cardTopup.topupId)).toBe(1);
      expect(await readBalance(second.db, earningsAccountId(creator.id))).toBe(1_350);
      expect(await readBalance(second.db, walletAccountId(fan.id))).toBe(0);
      await expectLedgerBalanced(second);
    } finally {
      await second.close();
    }
  });

  it('charges a top-up saved just before the server died once, after the restart', async () => {
    const first = await startServer({ JOB_CONCURRENCY: '0' });
    const fan = await createPerson(first, { role: 'fan' });
    const card = await saveTestCard(first, fan, 'succeeds');
    // Saved, and the server gone before the processor was called.
    const { topup } = await saveCardTopup(first.db, fan.id, {
      topupId: randomUUID(),
      amount: 800,
      paymentMethodId: card,
    });
    await first.close();

    const second = await startServer({ JOB_CONCURRENCY: '1', RECONCILE_INTERVAL_MS: '250' });
    try {
      await waitFor(async () => (await getCardTopup(second, fan, topup.topupId)).status === 'completed');
      expect(await readBalance(second.db, walletAccountId(fan.id))).toBe(800);
      expect(await countCharges(second, topup.topupId)).toBe(1);
      expect(await countCardBookings(second, topup.topupId)).toBe(1);
      await expectLedgerBalanced(second);
    } finally {
      await second.close();
    }
  });
});
