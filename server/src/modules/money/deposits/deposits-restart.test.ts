import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { depositRequest, postDeposit, readWalletBalance } from '../../../test/factories/money.ts';
import { createPerson } from '../../../test/factories/people.ts';
import { createTestDatabase } from '../../../test/test-database.ts';
import { createPawapaySandbox, type PawapaySandbox } from '../providers/pawapay/sandbox/pawapay-sandbox.ts';
import { DEPOSIT_CALLBACK_PATH } from './deposit-callbacks.ts';
import { countBookings, expectLedgerBalanced, wait } from './test-deposits.ts';

// pawaPay outlives our server: here the sandbox runs apart, as the real provider does, and
// our server is stopped in the middle of a deposit and started again on the same database.

const API_TOKEN = 'restart-test-token';
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let provider: ReturnType<typeof Fastify>;
let sandbox: PawapaySandbox;
let providerUrl = '';
let callbackUrl: string | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-restart-'));

beforeAll(async () => {
  database = await createTestDatabase();
  sandbox = createPawapaySandbox({ apiToken: API_TOKEN, callbackUrl: () => callbackUrl, finalAfterMs: 1500 });
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
    ...env,
  });
  const app = await buildApp({ config, database: database.database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

const ownUrl = (app: App) =>
  `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${DEPOSIT_CALLBACK_PATH}`;

describe('a server that dies in the middle of a deposit', () => {
  it('credits it once after the restart, from the reconciliation job', async () => {
    const first = await startServer({ JOB_CONCURRENCY: '0' });
    const person = await createPerson(first, { role: 'fan' });
    callbackUrl = ownUrl(first);
    const body = depositRequest('260763456789');
    expect((await postDeposit(first, person.cookie, body)).json().result.status).toBe('ACCEPTED');
    await first.close(); // before pawaPay settles: its callbacks now find nobody

    await wait(2000);
    expect((await sandbox.findDeposit(body.depositId))?.status).toBe('COMPLETED');
    const second = await startServer({ JOB_CONCURRENCY: '1', RECONCILE_INTERVAL_MS: '250' });
    try {
      const deadline = Date.now() + 15_000;
      while ((await readWalletBalance(second, person.cookie)) === 0 && Date.now() < deadline) await wait(200);
      expect(await readWalletBalance(second, person.cookie)).toBe(2000);
      expect(await countBookings(second, body.depositId)).toBe(1);
      await expectLedgerBalanced(second);
    } finally {
      await second.close();
    }
  });

  it("verifies a real provider's signed callback with the key it publishes, and credits once", async () => {
    const app = await startServer({ JOB_CONCURRENCY: '0' });
    try {
      callbackUrl = ownUrl(app);
      const person = await createPerson(app, { role: 'fan' });
      const body = depositRequest('260971234789', { amount: '35' });
      await postDeposit(app, person.cookie, body);
      // No status polls here: only the callback can credit it.
      const deadline = Date.now() + 10_000;
      while ((await readWalletBalance(app, person.cookie)) === 0 && Date.now() < deadline) await wait(200);
      expect(await readWalletBalance(app, person.cookie)).toBe(3500);
      expect(await countBookings(app, body.depositId)).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('without signed callbacks, believes pawaPay and not the callback body', async () => {
    const app = await startServer({ JOB_CONCURRENCY: '0', PAWAPAY_SIGNED_CALLBACKS: 'false' });
    try {
      callbackUrl = undefined;
      const person = await createPerson(app, { role: 'fan' });
      const body = depositRequest('260763456129'); // pawaPay keeps it SUBMITTED
      await postDeposit(app, person.cookie, body);
      const forgedCallback = {
        ...body,
        status: 'COMPLETED',
        requestedAmount: body.amount,
        depositedAmount: body.amount,
        created: new Date().toISOString(),
      };
      const forged = await app.inject({
        method: 'POST',
        url: DEPOSIT_CALLBACK_PATH,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(forgedCallback),
      });
      expect(forged.statusCode).toBe(200);
      expect(await readWalletBalance(app, person.cookie)).toBe(0);

      // A callback about no deposit of ours is 404 (not a question to pawaPay); a malformed one 400.
      const strangers = await Promise.all(
        [{ ...forgedCallback, depositId: crypto.randomUUID() }, { depositId: 'x' }].map((payload) =>
          app.inject({
            method: 'POST',
            url: DEPOSIT_CALLBACK_PATH,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(payload),
          }),
        ),
      );
      expect(strangers.map((response) => response.statusCode)).toEqual([404, 400]);
    } finally {
      await app.close();
    }
  });
});
