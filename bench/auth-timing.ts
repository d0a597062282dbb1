/**
 * Whether the answer's timing tells a stranger that an account exists. For each of
 * forgot-password, resend-code, verify-code and sign-in, N pairs of requests go to the real
 * server over a real socket, one at a time: one naming an existing account, one naming an
 * unknown one, in a random order within each pair. It prints the mean and median of each
 * group and two p-values for "same timing": Welch's t-test (means) and Mann-Whitney's U
 * (whole distributions), both two-sided through the normal approximation (df and n are in
 * the thousands, where Student's tail and the exact U tail are that close).
 *
 * Each request names an account of its own and comes from an address of its own
 * (X-Forwarded-For, the server trusting its proxy): the per-account and per-address limits
 * count the way they count an attacker's sweep, and none of them answers 429 here.
 *
 *   npm run bench:auth-timing   (BENCH_PAIRS=2000; BENCH_DATABASE=postgres (the server of
 *                                DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres)
 *                                or pglite; BENCH_ONLY=forgot,resend,verify,verify-pending,verify-dead,signin)
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { type Database, openPglite, openPostgres } from '../server/src/db/client.ts';
import { createId } from '../server/src/lib/ids.ts';
import { benchServerUrl, onServer } from './bench-database.ts';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 2000);
const WARM_UP_PAIRS = 100;
const DATABASE_KIND = process.env.BENCH_DATABASE === 'pglite' ? 'pglite' : 'postgres';
const BENCH_DATABASE = 'stagepass_bench_auth_timing';
const PASSWORD = 'the right bench password';

type Case = {
  name: string;
  /** The accounts it names: verified, unverified, unverified with a code waiting, or with one dead after 5 wrong tries. */
  accounts: 'verified' | 'unverified' | 'pending-code' | 'dead-code';
  path: string;
  body(email: string, username: string): object;
};

const CASES: Record<string, Case> = {
  forgot: {
    name: 'forgot-password',
    accounts: 'verified',
    path: '/api/auth/forgot-password',
    body: (email) => ({ email }),
  },
  resend: {
    name: 'resend-code (unverified accounts)',
    accounts: 'unverified',
    path: '/api/auth/resend-code',
    body: (email) => ({ email }),
  },
  verify: {
    name: 'verify-code, wrong code (verified accounts)',
    accounts: 'verified',
    path: '/api/auth/verify-code',
    body: (email) => ({ purpose: 'email-verification', email, code: '000000' }),
  },
  'verify-pending': {
    name: 'verify-code, wrong code (accounts with a code waiting)',
    accounts: 'pending-code',
    path: '/api/auth/verify-code',
    body: (email) => ({ purpose: 'email-verification', email, code: '000000' }),
  },
  'verify-dead': {
    name: 'verify-code, wrong code (accounts whose code took 5 wrong tries)',
    accounts: 'dead-code',
    path: '/api/auth/verify-code',
    body: (email) => ({ purpose: 'email-verification', email, code: '000000' }),
  },
  signin: {
    name: 'sign-in, wrong password (by email)',
    accounts: 'verified',
    path: '/api/auth/signin',
    body: (email) => ({ identifier: email, password: 'a wrong bench password' }),
  },
};

async function main(): Promise<void> {
  const only = process.env.BENCH_ONLY?.split(',') ?? Object.keys(CASES);
  const { database, dispose } = await openBenchDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-auth-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    TRUST_PROXY: 'true',
    DEMO_CONTENT: 'false',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  let address = 0;

  try {
    console.log(`Auth timing on ${DATABASE_KIND}: ${PAIRS} pairs a case (after ${WARM_UP_PAIRS} untimed)\n`);
    for (const key of only) {
      const benchCase = CASES[key];
      if (!benchCase) throw new Error(`no case ${key}: one of ${Object.keys(CASES).join(', ')}`);
      const accounts = await seedAccounts(database, benchCase.accounts, PAIRS + WARM_UP_PAIRS);
      const timings = { existing: [] as number[], unknown: [] as number[] };
      const statuses = new Map<string, number>();
      for (let pair = 0; pair < PAIRS + WARM_UP_PAIRS; pair++) {
        const account = accounts[pair]!;
        const stranger = { email: `nobody${createId().toLowerCase()}@bench.example`, username: 'nobody' };
        const order =
          Math.random() < 0.5 ? (['existing', 'unknown'] as const) : (['unknown', 'existing'] as const);
        for (const group of order) {
          const { email, username } = group === 'existing' ? account : stranger;
          const started = performance.now();
          const response = await fetch(`${baseUrl}${benchCase.path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress(address++) },
            body: JSON.stringify(benchCase.body(email, username)),
          });
          const answer = await response.text();
          const elapsed = performance.now() - started;
          if (pair >= WARM_UP_PAIRS) timings[group].push(elapsed);
          const label = `${group} ${response.status} ${answer.length} bytes`;
          statuses.set(label, (statuses.get(label) ?? 0) + 1);
        }
      }
      report(benchCase.name, timings, statuses);
    }
  } finally {
    await app.close();
    await dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** 198.18.0.0/15 is set aside for benchmarks: only a header here, no traffic goes there. */
function nextAddress(index: number): string {
  return `198.${18 + ((index >> 16) & 1)}.${(index >> 8) & 255}.${index & 255}`;
}

async function openBenchDatabase(): Promise<{ database: Database; dispose(): Promise<void> }> {
  if (DATABASE_KIND === 'pglite') {
    const database = await openPglite(undefined);
    await database.migrate();
    return { database, dispose: () => database.close() };
  }
  await onServer(`drop database if exists ${BENCH_DATABASE} with (force)`);
  await onServer(`create database ${BENCH_DATABASE}`);
  const url = new URL(benchServerUrl);
  url.pathname = `/${BENCH_DATABASE}`;
  const database = await openPostgres(url.toString());
  await database.migrate();
  return {
    database,
    dispose: async () => {
      await database.close();
      await onServer(`drop database if exists ${BENCH_DATABASE} with (force)`);
    },
  };
}

let passwordHash: Promise<string> | undefined;

/** Accounts of one kind, each used by one pair only, with one password hash between them. */
async function seedAccounts(database: Database, kind: Case['accounts'], count: number) {
  passwordHash ??= hash(PASSWORD);
  const rows = Array.from({ length: count }, () => {
    const id = createId();
    return { id, email: `${id.toLowerCase()}@bench.example`, username: `@${id.toLowerCase()}` };
  });
  const verifiedAt = kind === 'verified' ? sql`now()` : sql`null`;
  for (let start = 0; start < rows.length; start += 500) {
    const batch = JSON.stringify(rows.slice(start, start + 500));
    await database.db.execute(sql`
      insert into users (id, email, username, name, password_hash, country_code, role, email_verified_at)
      select r.id, r.email, r.username, 'Bench Person', ${await passwordHash}, 'ZM', 'fan', ${verifiedAt}
      from json_to_recordset(${batch}) as r(id text, email text, username text)`);
    if (kind === 'pending-code' || kind === 'dead-code') {
      await database.db.execute(sql`
        insert into one_time_codes (id, user_id, purpose, code_hash, expires_at, failed_attempts)
        select r.id, r.id, 'email-verification', md5(r.id), now() + interval '10 minutes', ${kind === 'dead-code' ? 5 : 0}
        from json_to_recordset(${batch}) as r(id text)`);
    }
  }
  return rows;
}

function report(
  name: string,
  timings: { existing: number[]; unknown: number[] },
  statuses: Map<string, number>,
) {
  const { existing, unknown } = timings;
  const welch = welchTest(existing, unknown);
  const mannWhitney = mannWhitneyTest(existing, unknown);
  const ms = (value: number) => `${value.toFixed(3)} ms`;
  console.log(name);
  console.log(`  existing: mean ${ms(mean(existing))}, median ${ms(median(existing))}`);
  console.log(`  unknown:  mean ${ms(mean(unknown))}, median ${ms(median(unknown))}`);
  console.log(
    `  difference: mean ${ms(mean(existing) - mean(unknown))}, median ${ms(median(existing) - median(unknown))}`,
  );
  console.log(`  Welch t = ${welch.t.toFixed(2)}, p = ${formatP(welch.p)}`);
  console.log(`  Mann-Whitney z = ${mannWhitney.z.toFixed(2)}, p = ${formatP(mannWhitney.p)}`);
  console.log(`  answers: ${[...statuses].map(([label, count]) => `${label} ×${count}`).join('; ')}\n`);
}

function formatP(p: number): string {
  return p < 1e-4 ? p.toExponential(1) : p.toFixed(4);
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function variance(values: number[]): number {
  const average = mean(values);
  return values.reduce((sum, value) => sum + (value - average) ** 2, 0) / (values.length - 1);
}

function welchTest(a: number[], b: number[]): { t: number; p: number } {
  const t = (mean(a) - mean(b)) / Math.sqrt(variance(a) / a.length + variance(b) / b.length);
  return { t, p: twoSidedNormalP(t) };
}

/** U of the first group, with mid-ranks for ties and the tie-corrected variance. */
function mannWhitneyTest(a: number[], b: number[]): { z: number; p: number } {
  const all = [...a.map((value) => ({ value, isA: true })), ...b.map((value) => ({ value, isA: false }))];
  all.sort((x, y) => x.value - y.value);
  let rankSumA = 0;
  let tieTerm = 0;
  for (let start = 0; start < all.length; ) {
    let end = start;
    while (end + 1 < all.length && all[end + 1]!.value === all[start]!.value) end++;
    const midRank = (start + end) / 2 + 1;
    for (let index = start; index <= end; index++) if (all[index]!.isA) rankSumA += midRank;
    const ties = end - start + 1;
    tieTerm += ties ** 3 - ties;
    start = end + 1;
  }
  const n1 = a.length;
  const n2 = b.length;
  const n = n1 + n2;
  const u = rankSumA - (n1 * (n1 + 1)) / 2;
  const sigma = Math.sqrt(((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1))));
  const z = (u - (n1 * n2) / 2) / sigma;
  return { z, p: twoSidedNormalP(z) };
}

function twoSidedNormalP(z: number): number {
  return erfc(Math.abs(z) / Math.SQRT2);
}

/** Complementary error function (Numerical Recipes' erfcc): relative error below 1.2e-7, tails included. */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + z / 2);
  const value =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? value : 2 - value;
}

await main();
