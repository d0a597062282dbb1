/**
 * Deposits settled per second through pawaPay's callback path, on PostgreSQL: N deposits
 * waiting at SUBMITTED (one person each, so nothing queues on one wallet), then N signed
 * COMPLETED callbacks posted over HTTP to the real server, CONCURRENCY at a time. Each one
 * is verified (RFC 9421 signature over the raw body, Content-Digest) and settled: the row
 * locked, the status moved, the wallet credited in the ledger, all in one transaction.
 * Signing happens before the clock starts: that is the provider's work, not ours. At the
 * end it checks that every wallet holds its deposit once and the ledger sums to zero.
 *
 *   npm run bench:deposits   (BENCH_DEPOSITS=2000, BENCH_CONCURRENCY=16; the server of
 *                             DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres)
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { openPostgres } from '../server/src/db/client.ts';
import { createId } from '../server/src/lib/ids.ts';
import { DEPOSIT_CALLBACK_PATH } from '../server/src/modules/money/deposits/deposit-callbacks.ts';
import { signRequest } from '../server/src/modules/money/providers/pawapay/http-message-signatures.ts';
import { benchServerUrl, onServer } from './bench-database.ts';

const DEPOSITS = Number(process.env.BENCH_DEPOSITS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const BENCH_DATABASE = 'stagepass_bench_deposits';
const AMOUNT = '25';

type Rows<Row> = { rows: Row[] };
const rowsOf = <Row>(result: unknown) => (result as Rows<Row>).rows;

async function main(): Promise<void> {
  await onServer(`drop database if exists ${BENCH_DATABASE} with (force)`);
  await onServer(`create database ${BENCH_DATABASE}`);
  const databaseUrl = new URL(benchServerUrl);
  databaseUrl.pathname = `/${BENCH_DATABASE}`;
  const database = await openPostgres(databaseUrl.toString());
  await database.migrate();

  // The provider's side: its key, published where our server fetches it.
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const provider = Fastify();
  provider.get('/public-key/http', async () => [
    { id: 'bench-key', key: publicKey.export({ type: 'spki', format: 'pem' }).toString() },
  ]);
  await provider.listen({ port: 0, host: '127.0.0.1' });

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-deposits-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl.toString(),
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
    console.log(`Seeding ${DEPOSITS} people with a deposit at SUBMITTED…`);
    const deposits = Array.from({ length: DEPOSITS }, (_, index) => ({
      depositId: randomUUID(),
      userId: createId(),
      phone: `26097${String(index).padStart(7, '0')}`,
    }));
    for (let start = 0; start < deposits.length; start += 500) {
      const batch = deposits.slice(start, start + 500);
      await database.db.execute(sql`
        insert into users (id, email, username, name, country_code, role, email_verified_at)
        select d.user_id, lower(d.user_id) || '@bench.example', '@' || lower(d.user_id), 'Bench fan', 'ZM', 'fan', now()
        from json_to_recordset(${JSON.stringify(batch.map((d) => ({ user_id: d.userId })))}) as d(user_id text)`);
      await database.db.execute(sql`
        insert into deposits (deposit_id, user_id, status, requested_amount, currency, country, correspondent,
                              payer_phone, customer_timestamp, statement_description)
        select d.deposit_id::uuid, d.user_id, 'SUBMITTED', 2500, 'ZMW', 'ZMB', 'AIRTEL_OAPI_ZMB', d.phone, now()::text, 'Wallet topup'
        from json_to_recordset(${JSON.stringify(batch.map((d) => ({ deposit_id: d.depositId, user_id: d.userId, phone: d.phone })))})
          as d(deposit_id text, user_id text, phone text)`);
    }

    const callbacks = deposits.map((deposit) => {
      const body = JSON.stringify({
        depositId: deposit.depositId,
        status: 'COMPLETED',
        requestedAmount: AMOUNT,
        depositedAmount: AMOUNT,
        currency: 'ZMW',
        country: 'ZMB',
        correspondent: 'AIRTEL_OAPI_ZMB',
        payer: { type: 'MSISDN', address: { value: deposit.phone } },
        customerTimestamp: new Date().toISOString(),
        statementDescription: 'Wallet topup',
        created: new Date().toISOString(),
      });
      const headers = signRequest(
        { method: 'POST', authority, path: DEPOSIT_CALLBACK_PATH, contentType: 'application/json', body },
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

    const [check] = rowsOf<{ completed: string; credited: string; wallets: string; total: string }>(
      await database.db.execute(sql`
        select (select count(*) from deposits where status = 'COMPLETED') as completed,
               (select count(*) from ledger_transactions where kind = 'topup') as credited,
               (select coalesce(sum(balance), 0) from ledger_accounts where kind = 'wallet') as wallets,
               (select coalesce(sum(amount), 0) from ledger_lines) as total`),
    );
    latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
    console.log(`\nDeposits settled through signed callbacks on PostgreSQL (${CONCURRENCY} at a time):`);
    console.log(
      `  ${(callbacks.length - 1).toLocaleString('en')} callbacks in ${seconds.toFixed(2)} s: ${((callbacks.length - 1) / seconds).toFixed(0)} deposits settled per second`,
    );
    console.log(`  latency per callback: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`);
    console.log(
      `  check: ${check?.completed} COMPLETED, ${check?.credited} credited once each, wallets hold ${Number(check?.wallets) / 100} ZMW, ledger lines sum to ${check?.total}`,
    );
    const isExact =
      Number(check?.completed) === DEPOSITS &&
      Number(check?.credited) === DEPOSITS &&
      Number(check?.wallets) === DEPOSITS * 2500 &&
      Number(check?.total) === 0;
    if (!isExact) {
      console.error('The ledger does not match the deposits.');
      process.exitCode = 1;
    }
  } finally {
    await app.close();
    await provider.close();
    await database.close();
    await onServer(`drop database if exists ${BENCH_DATABASE} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function post(
  authority: string,
  callback: { body: string; headers: Record<string, string> },
): Promise<void> {
  const response = await fetch(`http://${authority}${DEPOSIT_CALLBACK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...callback.headers },
    body: callback.body,
  });
  if (response.status !== 200)
    throw new Error(`callback answered ${response.status}: ${await response.text()}`);
  await response.body?.cancel();
}

await main();
