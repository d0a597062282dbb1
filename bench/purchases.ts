/**
 * Purchases per second from wallets on PostgreSQL: 3,000 fans with funded wallets paying
 * one-off support to 500 creators, 8, 16 and 32 at a time, through the real Fastify app
 * (app.inject: POST /api/purchases with routing, validation, the session and rate-limit
 * lookups, the purchase row, the ledger booking with its triggers, the grant). It prints
 * purchases per second and p50/p95 latency at each concurrency, twice:
 *
 * - fee 10% on one row: every purchase books its fee to the same platform_fees account, as
 *   before issue 15. A purchase's fee goes to the bucket its id hashes to
 *   (platformFeesAccountId), and the purchaseId is the client's: the bench sends only ids of
 *   bucket 0;
 * - fee 10% spread: random purchase ids, so the fees spread over the 16 buckets, as in use;
 * - no fee line (PLATFORM_FEE_PERCENT=0 writes none): purchases share no ledger account (each
 *   fan's wallet, each creator's earnings), the ceiling without the platform's rows.
 *
 * All through production code: the switches are the app's configuration and the ids sent.
 *
 *   npm run bench:purchases     (BENCH_SECONDS=5 per run, BENCH_ROUNDS=3, BENCH_CONCURRENCY=8,16,32; the
 *                                server of DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres)
 *
 * It creates and drops its own database on that server (stagepass_bench_purchases).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type App, buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { type Database, readRows } from '../server/src/db/client.ts';
import { createSession } from '../server/src/modules/auth/sessions.service.ts';
import {
  ensurePlatformAccounts,
  ensureWalletAccount,
  PLATFORM_ACCOUNTS,
  platformFeesAccountId,
  postLedgerTransaction,
  readBalance,
} from '../server/src/modules/money/ledger/ledger.service.ts';
import { withBenchDatabase } from './bench-database.ts';
import { describeLoad, formatTable, percentile } from './bench-report.ts';

const BENCH_DATABASE = 'stagepass_bench_purchases';
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
/** Runs of each variant at each concurrency, taking turns; the median is shown. */
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const concurrencies = (process.env.BENCH_CONCURRENCY ?? '8,16,32').split(',').map(Number);
const CREATORS = 500;
// Purchases are rate-limited to 60 a minute per account: fans take turns, so each buys a
// few a minute at most.
const FANS = 3_000;
/** K10,000 per fan: far more than the runs spend at K5 a purchase. */
const WALLET_NGWEE = 10_000_00;
const SUPPORT_NGWEE = 5_00;
const FUNDED_PER_BOOKING = 200;

type Fan = { id: string; cookie: string };

const userId = (number: string) => sql.raw(`substr(md5('u' || (${number})), 1, 20)`);
/** A number written into the SQL text: generate_series cannot pick the type of a parameter. */
const n = (value: number) => sql.raw(String(value));

async function seed(database: Database): Promise<{ fans: Fan[]; creators: string[] }> {
  const { db } = database;
  // Users 1..500 are creators (@user1 …), 501..3,500 fans.
  await db.execute(sql`
    insert into users (id, email, username, name, country_code, role, category, email_verified_at)
    select ${userId('g')}, 'user' || g || '@bench.example.com', '@user' || g, 'User ' || g, 'ZM',
           case when g <= ${n(CREATORS)} then 'creator' else 'fan' end,
           case when g <= ${n(CREATORS)} then 'music artist' end, now()
    from generate_series(1, ${n(CREATORS + FANS)}) as g`);
  const creators = Array.from({ length: CREATORS }, (_, index) => `user${index + 1}`);
  const fanIds = readRows<{ id: string }>(
    await db.execute(
      sql`select ${userId('g')} as id from generate_series(${n(CREATORS + 1)}, ${n(CREATORS + FANS)}) as g`,
    ),
  ).map((row) => row.id);
  // Wallets funded as top-ups book them (clearing → wallet), a batch of fans a booking.
  await ensurePlatformAccounts(db);
  for (let start = 0; start < fanIds.length; start += FUNDED_PER_BOOKING) {
    const batch = fanIds.slice(start, start + FUNDED_PER_BOOKING);
    const wallets = await Promise.all(batch.map((id) => ensureWalletAccount(db, id)));
    await postLedgerTransaction(db, {
      kind: 'topup',
      reference: `bench:topup:${start}`,
      lines: [
        { accountId: PLATFORM_ACCOUNTS.clearingPawapay, amount: -WALLET_NGWEE * batch.length },
        ...wallets.map((accountId) => ({ accountId, amount: WALLET_NGWEE })),
      ],
    });
  }
  const fans: Fan[] = [];
  for (const id of fanIds) {
    const { token } = await createSession(db, { userId: id, signedInWith: 'password' });
    fans.push({ id, cookie: `token=${token}` });
  }
  await db.execute(sql`vacuum analyze`);
  return { fans, creators };
}

type RunResult = { purchases: number; perSecond: number; p50: number; p95: number; p99: number };

/** `concurrency` buyers, each paying one purchase after another, for `seconds`. */
async function runPurchases(
  app: App,
  { fans, creators }: { fans: Fan[]; creators: string[] },
  concurrency: number,
  durationMs: number,
  purchaseId: () => string = randomUUID,
): Promise<RunResult> {
  let nextFan = 0;
  const timings: number[] = [];
  const buyer = async (deadline: number) => {
    while (performance.now() < deadline) {
      const fan = fans[nextFan++ % fans.length]!;
      const creator = creators[Math.floor(Math.random() * creators.length)]!;
      const started = performance.now();
      const response = await app.inject({
        method: 'POST',
        url: '/api/purchases',
        headers: { cookie: fan.cookie },
        payload: { purchaseId: purchaseId(), kind: 'support', creator, amount: SUPPORT_NGWEE },
      });
      timings.push(performance.now() - started);
      if (response.statusCode !== 201) throw new Error(`purchase: ${response.statusCode} ${response.body}`);
    }
  };
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(Array.from({ length: concurrency }, () => buyer(deadline)));
  const elapsed = performance.now() - started;
  timings.sort((a, b) => a - b);
  return {
    purchases: timings.length,
    perSecond: (timings.length * 1000) / elapsed,
    p50: percentile(timings, 0.5),
    p95: percentile(timings, 0.95),
    p99: percentile(timings, 0.99),
  };
}

/** A random purchase id whose fee goes to the first fee bucket, as every fee went to the one row before. */
function purchaseIdOfOneFeeRow(): string {
  const oneRow = platformFeesAccountId('');
  for (;;) {
    const id = randomUUID();
    if (platformFeesAccountId(id) === oneRow) return id;
  }
}

type Variant = { label: string; feePercent: number; purchaseId?: () => string; app?: App; dataDir?: string };

async function run(database: Database): Promise<void> {
  const started = performance.now();
  const people = await seed(database);
  console.log(`Seeded in ${((performance.now() - started) / 1000).toFixed(1)} s; ${describeLoad()}\n`);
  const variants: Variant[] = [
    { label: 'fee 10%, one fee row', feePercent: 10, purchaseId: purchaseIdOfOneFeeRow },
    { label: 'fee 10%, 16 fee buckets', feePercent: 10 },
    { label: 'fee 0%, no fee line', feePercent: 0 },
  ];
  try {
    // Both apps on the one database, their runs taking turns: a machine shared with others
    // then slows both alike, and neither runs on a ledger the other has grown more.
    // One app per fee (the two fee-10% variants share theirs).
    const apps = new Map<number, App>();
    for (const variant of variants) {
      let app = apps.get(variant.feePercent);
      if (!app) {
        variant.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-purchases-'));
        const config = loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: variant.dataDir,
          LOG_LEVEL: 'silent',
          PLATFORM_FEE_PERCENT: String(variant.feePercent),
        });
        app = await buildApp({ config, database });
        apps.set(variant.feePercent, app);
        await runPurchases(app, people, 8, 2_000); // warm-up: connections, plans, JIT
      }
      variant.app = app;
    }
    const rows = [
      ['', 'concurrency', 'purchases', 'per second', 'p50 ms', 'p95 ms', 'p99 ms', 'load (1 min)'],
    ];
    for (const concurrency of concurrencies) {
      const results = new Map<Variant, RunResult[]>(variants.map((variant) => [variant, []]));
      for (let round = 0; round < rounds; round += 1) {
        for (const variant of variants) {
          results
            .get(variant)!
            .push(await runPurchases(variant.app!, people, concurrency, seconds * 1000, variant.purchaseId));
        }
      }
      for (const variant of variants) {
        // The round with the median rate stands for the variant.
        const ranked = results.get(variant)!.sort((a, b) => a.perSecond - b.perSecond);
        const median = ranked[Math.floor(ranked.length / 2)]!;
        rows.push([
          variant.label,
          String(concurrency),
          String(median.purchases),
          `${median.perSecond.toFixed(0)} (${ranked.map((result) => result.perSecond.toFixed(0)).join('/')})`,
          median.p50.toFixed(1),
          median.p95.toFixed(1),
          median.p99.toFixed(1),
          os.loadavg()[0]!.toFixed(2),
        ]);
      }
      console.log(`  ${concurrency} at a time done; ${describeLoad()}`);
    }
    console.log(`\n${formatTable(rows)}\n`);
  } finally {
    for (const app of new Set(variants.map((variant) => variant.app))) await app?.close();
    for (const variant of variants) {
      if (variant.dataDir) fs.rmSync(variant.dataDir, { recursive: true, force: true });
    }
  }
  const fees = await readBalance(database.db, PLATFORM_ACCOUNTS.platformFees);
  const [check] = readRows<{ lines: string; balances: string }>(
    await database.db.execute(
      sql`select (select sum(amount) from ledger_lines) as lines, (select sum(balance) from ledger_accounts) as balances`,
    ),
  );
  console.log(
    `  platform_fees holds ${fees} ngwee; all lines sum to ${check!.lines}, all balances to ${check!.balances}; ${describeLoad()}`,
  );
}

console.log(
  `Purchases from wallets: ${FANS.toLocaleString('en')} fans paying K${SUPPORT_NGWEE / 100} support to ` +
    `${CREATORS} creators through app.inject, ${rounds} rounds of ${seconds} s per run, the variants taking turns; pool of 10 connections; ` +
    `${os.cpus().length} cores, Node ${process.version}`,
);
await withBenchDatabase(BENCH_DATABASE, run);
