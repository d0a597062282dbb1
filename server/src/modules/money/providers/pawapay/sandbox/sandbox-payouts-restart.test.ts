import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type App, buildApp } from '../../../../../app.ts';
import { loadConfig } from '../../../../../config.ts';
import { pawapaySandboxPayouts } from '../../../../../db/schema/index.ts';
import { createTestDatabase } from '../../../../../test/test-database.ts';
import { payoutRequest, waitForPayout } from './sandbox-payouts.test-support.ts';

// The demo's sandbox runs inside our server and keeps its payouts in our database. A server
// stopped while a payout is on its way, and another while one is held ENQUEUED, finds both
// after the restart, as the real provider (which outlives our server) would: the first
// completes and its callback is sent by the new server, the second waits until its operator
// is OPERATIONAL again or is cancelled, and what was released stays released; a server
// started with the operator no longer DELAYED releases what it held.

const SETTLE_MS = 1500;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-sandbox-payouts-'));

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Our server with the sandbox mounted (no PAWAPAY_API_TOKEN), Airtel's payouts DELAYED. */
async function startServer(payoutAvailability = 'AIRTEL_OAPI_ZMB=DELAYED'): Promise<App> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JOB_CONCURRENCY: '0',
    PAWAPAY_TIMEOUT_MS: '2000',
    PAWAPAY_SANDBOX_SETTLE_MS: String(SETTLE_MS),
    PAWAPAY_SANDBOX_PAYOUT_AVAILABILITY: payoutAvailability,
  });
  const app = await buildApp({ config, database: database.database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

const findRow = async (app: App, payoutId: string) =>
  (await app.db.select().from(pawapaySandboxPayouts).where(eq(pawapaySandboxPayouts.payoutId, payoutId)))[0];

it('finds its payouts again after a restart: one on its way completes, held ones stay held', async () => {
  const onItsWay = payoutRequest('260763456789');
  const held = payoutRequest('260971234789');
  const cancelled = payoutRequest('260971234089');

  const first = await startServer();
  try {
    expect((await first.pawapay.initiatePayout(onItsWay)).status).toBe('ACCEPTED');
    const answers = await first.pawapay.initiatePayouts([held, cancelled]);
    expect(answers.map((answer) => answer.status)).toEqual(['ENQUEUED', 'ENQUEUED']);
    expect(await findRow(first, held.payoutId)).toMatchObject({
      isEnqueued: true,
      submittedAt: null,
      finalAt: null,
      finalReport: null,
    });
  } finally {
    await first.close(); // before the payout on its way is final: no callback was sent
  }

  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const second = await startServer();
  try {
    const sandbox = second.pawapaySandbox!;
    expect((await second.pawapay.getPayout(onItsWay.payoutId))?.status).toBe('COMPLETED');
    // The new server sends the callback the stopped one never did.
    const deadline = Date.now() + 5000;
    const isCalledBack = () => sandbox.listCallbackAttempts().some((call) => call.id === onItsWay.payoutId);
    while (!isCalledBack() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isCalledBack()).toBe(true);

    expect((await second.pawapay.getPayout(held.payoutId))?.status).toBe('ENQUEUED');
    expect((await second.pawapay.failEnqueuedPayout(cancelled.payoutId)).status).toBe('ACCEPTED');
    expect(await second.pawapay.getPayout(cancelled.payoutId)).toMatchObject({
      status: 'FAILED',
      failureReason: { failureCode: 'MANUALLY_CANCELLED' },
    });

    await sandbox.setPayoutAvailability('AIRTEL_OAPI_ZMB', 'OPERATIONAL');
    expect(await findRow(second, held.payoutId)).toMatchObject({
      isEnqueued: false,
      submittedAt: expect.any(Date),
      finalAt: expect.any(Date),
    });
    await waitForPayout(second.pawapay, held.payoutId, ['COMPLETED']);
    expect((await second.pawapay.getPayout(cancelled.payoutId))?.status).toBe('FAILED');
  } finally {
    await second.close();
  }

  // Started again with Airtel still DELAYED by its setting: the released payout stays done.
  const third = await startServer();
  const heldAcrossRestart = payoutRequest('260971234789');
  try {
    expect((await third.pawapay.getPayout(held.payoutId))?.status).toBe('COMPLETED');
    expect((await third.pawapay.getPayout(cancelled.payoutId))?.status).toBe('FAILED');
    const availability = await third.pawapay.getAvailability();
    const airtel = availability[0]?.correspondents.find((entry) => entry.correspondent === 'AIRTEL_OAPI_ZMB');
    expect(airtel?.operationTypes).toContainEqual({ operationType: 'PAYOUT', status: 'DELAYED' });
    expect((await third.pawapay.initiatePayout(heldAcrossRestart)).status).toBe('ENQUEUED');
  } finally {
    await third.close();
  }

  // Started with Airtel no longer DELAYED: what it held starts as the server listens.
  const fourth = await startServer('');
  try {
    await waitForPayout(fourth.pawapay, heldAcrossRestart.payoutId, ['SUBMITTED']);
    await waitForPayout(fourth.pawapay, heldAcrossRestart.payoutId, ['COMPLETED']);
  } finally {
    await fourth.close();
  }
}, 60_000);
