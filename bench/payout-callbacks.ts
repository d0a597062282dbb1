/**
 * Payouts settled per second through pawaPay's callback path, on PostgreSQL: N creators each
 * with a payout ACCEPTED (saved and its amount reserved, earnings → payouts_in_flight, by
 * the code a request runs), then N signed COMPLETED callbacks posted over HTTP to the real
 * server, CONCURRENCY at a time. Each one is verified (RFC 9421 signature over the raw body,
 * Content-Digest), checked against our row and settled: the row locked, the status moved,
 * the reserve paid out (payouts_in_flight → clearing_pawapay) and the creator's notice
 * queued, in one transaction. Signing happens before the clock starts: that is the
 * provider's work. At the end it checks every payout was paid out exactly once, nothing is
 * left in flight and the ledger sums to zero.
 *
 *   npm run bench:payouts   (BENCH_PAYOUTS=2000, BENCH_CONCURRENCY=16; the server of
 *                            DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres)
 *
 * It creates and drops its own database on that server (stagepass_bench_payouts).
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { payoutRoutes } from '@stagepass/contract/payouts';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { type Database, readRows } from '../server/src/db/client.ts';
import { payouts } from '../server/src/db/schema/index.ts';
import {
  ensureEarningsAccount,
  ensurePlatformAccounts,
  PLATFORM_ACCOUNTS,
  postLedgerTransaction,
} from '../server/src/modules/money/ledger/ledger.service.ts';
import { reserveAndSave } from '../server/src/modules/money/payouts/request-payout.ts';
import { signRequest } from '../server/src/modules/money/providers/pawapay/http-message-signatures.ts';
import { withBenchDatabase } from './bench-database.ts';
import { describeLoad, percentile } from './bench-report.ts';

const PAYOUTS = Number(process.env.BENCH_PAYOUTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const BENCH_DATABASE = 'stagepass_bench_payouts';
const CALLBACK_PATH = payoutRoutes.receivePayoutCallback.path;
const AMOUNT_NGWEE = 2_500;
const EARNED_PER_BOOKING = 200;

type Payout = { payoutId: string; creatorId: string; phone: string; customerTimestamp: string };

/** N creators, each with K25 earned and a K25 payout ACCEPTED by pawaPay. */
async function seed(database: Database): Promise<Payout[]> {
  const { db } = database;
  const creatorIds = Array.from(
    { length: PAYOUTS },
    (_, index) => `benchpayout${String(index).padStart(8, '0')}`,
  );
  await db.execute(sql`
    insert into users (id, email, username, name, country_code, role, category, email_verified_at)
    select id, id || '@bench.example', '@' || id, 'Bench creator', 'ZM', 'creator', 'music artist', now()
    from json_array_elements_text(${JSON.stringify(creatorIds)}) as id`);
  // Earnings booked as purchases credit them (here from pawaPay's clearing), a batch a booking.
  await ensurePlatformAccounts(db);
  for (let start = 0; start < creatorIds.length; start += EARNED_PER_BOOKING) {
    const batch = creatorIds.slice(start, start + EARNED_PER_BOOKING);
    const accounts = await Promise.all(batch.map((id) => ensureEarningsAccount(db, id)));
    await postLedgerTransaction(db, {
      kind: 'topup',
      reference: `bench:earnings:${start}`,
      lines: [
        { accountId: PLATFORM_ACCOUNTS.clearingPawapay, amount: -AMOUNT_NGWEE * batch.length },
        ...accounts.map((accountId) => ({ accountId, amount: AMOUNT_NGWEE })),
      ],
    });
  }
  const seeded: Payout[] = [];
  for (const [index, creatorId] of creatorIds.entries()) {
    const phone = `26097${String(index).padStart(7, '0')}`;
    const saved = await reserveAndSave(db, {
      payoutId: randomUUID(),
      creatorId,
      amount: AMOUNT_NGWEE,
      recipient: { phone, correspondent: 'AIRTEL_OAPI_ZMB' },
      holdHours: 0,
      isAutomatic: false,
    });
    if (!saved) throw new Error('payout not saved');
    seeded.push({ payoutId: saved.payoutId, creatorId, phone, customerTimestamp: saved.customerTimestamp });
  }
  await db.update(payouts).set({ status: 'ACCEPTED' }).where(eq(payouts.status, 'INITIATED'));
  await db.execute(sql`vacuum analyze`);
  return seeded;
}

async function main(database: Database): Promise<void> {
  // The provider's side: its key, published where our server fetches it.
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const provider = Fastify();
  provider.get('/public-key/http', async () => [
    { id: 'bench-key', key: publicKey.export({ type: 'spki', format: 'pem' }).toString() },
  ]);
  await provider.listen({ port: 0, host: '127.0.0.1' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-payouts-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PAWAPAY_BASE_URL: `http://127.0.0.1:${(provider.server.address() as AddressInfo).port}`,
    PAWAPAY_API_TOKEN: 'bench',
    PAWAPAY_SIGNED_CALLBACKS: 'true',
    JOB_CONCURRENCY: '0',
    DEMO_CONTENT: 'false',
  });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const authority = `127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  try {
    console.log(`Seeding ${PAYOUTS} creators with a payout ACCEPTED…`);
    const seeded = await seed(database);
    const callbacks = seeded.map((payout) => {
      const body = JSON.stringify({
        payoutId: payout.payoutId,
        status: 'COMPLETED',
        amount: '25',
        currency: 'ZMW',
        country: 'ZMB',
        correspondent: 'AIRTEL_OAPI_ZMB',
        recipient: { type: 'MSISDN', address: { value: payout.phone } },
        customerTimestamp: payout.customerTimestamp,
        statementDescription: 'Stagepass earnings',
        created: new Date().toISOString(),
        receivedByRecipient: new Date().toISOString(),
      });
      const headers = signRequest(
        { method: 'POST', authority, path: CALLBACK_PATH, contentType: 'application/json', body },
        { id: 'bench-key', privateKey },
      );
      return { body, headers };
    });

    // One callback first, untimed: it fetches the provider's key and warms the statements.
    await post(authority, callbacks[0]!);
    const latencies: number[] = [];
    let next = 1;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < callbacks.length) {
          const callback = callbacks[next++]!;
          const sent = performance.now();
          await post(authority, callback);
          latencies.push(performance.now() - sent);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;

    const [check] = readRows<{
      completed: string;
      paid: string;
      paidOnce: string;
      inFlight: string;
      earnings: string;
      total: string;
    }>(
      await database.db.execute(sql`
        select (select count(*) from payouts where status = 'COMPLETED') as completed,
               (select count(*) from ledger_transactions where kind = 'payout') as paid,
               (select count(distinct reference) from ledger_transactions where kind = 'payout') as "paidOnce",
               (select balance from ledger_accounts where id = ${PLATFORM_ACCOUNTS.payoutsInFlight}) as "inFlight",
               (select coalesce(sum(balance), 0) from ledger_accounts where kind = 'earnings') as earnings,
               (select coalesce(sum(amount), 0) from ledger_lines) as total`),
    );
    latencies.sort((a, b) => a - b);
    const count = callbacks.length - 1;
    console.log(`\nPayouts settled through signed callbacks on PostgreSQL (${CONCURRENCY} at a time):`);
    console.log(
      `  ${count.toLocaleString('en')} callbacks in ${seconds.toFixed(2)} s: ${(count / seconds).toFixed(0)} payouts settled per second`,
    );
    console.log(
      `  latency per callback: p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms`,
    );
    console.log(
      `  check: ${check?.completed} COMPLETED, ${check?.paid} paid out (${check?.paidOnce} distinct), ${Number(check?.inFlight)} ngwee left in flight, earnings ${Number(check?.earnings)}, ledger lines sum to ${check?.total}`,
    );
    console.log(`  (${describeLoad()})`);
    const isExact =
      Number(check?.completed) === PAYOUTS &&
      Number(check?.paid) === PAYOUTS &&
      Number(check?.paidOnce) === PAYOUTS &&
      Number(check?.inFlight) === 0 &&
      Number(check?.earnings) === 0 &&
      Number(check?.total) === 0;
    if (!isExact) {
      console.error('The ledger does not match the payouts.');
      process.exitCode = 1;
    }
  } finally {
    await app.close();
    await provider.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function post(authority: string, callback: { body: string; headers: Record<string, string> }) {
  const response = await fetch(`http://${authority}${CALLBACK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...callback.headers },
    body: callback.body,
  });
  if (response.status !== 200)
    throw new Error(`callback answered ${response.status}: ${await response.text()}`);
  await response.body?.cancel();
}

await withBenchDatabase(BENCH_DATABASE, main);
