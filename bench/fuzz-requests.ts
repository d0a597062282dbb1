/**
 * The API fuzz test at a larger count: seeded-random malformed requests to every route of
 * the real app (NUL bytes, lone surrogates, huge strings, wrong types, bad JSON, bad
 * cursors, numbers out of range, malformed escapes, unknown content types), signed out and
 * signed in, through app.inject while the app also listens on its public address (the
 * development OpenID provider and the payment sandbox are its own routes). It prints the
 * requests, the answers by status class and the 5xx, for PGlite and, when DATABASE_URL is
 * set, for PostgreSQL; any 5xx or /api/ failure not in the API's shape is listed and makes
 * the exit code 1.
 *
 *   npm run bench:fuzz     (BENCH_REQUESTS=10000, BENCH_SEED=1, BENCH_ONLY=postgres|pglite)
 *
 * On PostgreSQL it creates and drops its own database (stagepass_bench_fuzz) on the server
 * of DATABASE_URL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { type Database, openPglite, openPostgres } from '../server/src/db/client.ts';
import {
  createPeopleForFuzz,
  type FuzzResult,
  runFuzz,
} from '../server/src/plugins/malformed-requests.test-support.ts';
import { findFreePort } from '../server/src/test/spawn-server.ts';
import { onServer } from './bench-database.ts';

const requests = Number(process.env.BENCH_REQUESTS ?? 10_000);
const seed = Number(process.env.BENCH_SEED ?? 1);
/** 'postgres' or 'pglite' to run one of them only. */
const only = process.env.BENCH_ONLY;
const BENCH_DATABASE = 'stagepass_bench_fuzz';
const MAX_LISTED_OFFENCES = 20;

async function run(label: string, database: Database): Promise<FuzzResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-fuzz-'));
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-fuzz-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Stagepass</title>');
  try {
    await database.migrate();
    const port = await findFreePort();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDist,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({ config, database });
    try {
      await app.listen({ port, host: '127.0.0.1' });
      const people = await createPeopleForFuzz(app);
      const startedAt = performance.now();
      const result = await runFuzz(app, people, { count: requests, seed });
      const seconds = (performance.now() - startedAt) / 1000;
      const classes = ['2xx', '3xx', '4xx', '5xx']
        .map((statusClass) => `${statusClass} ${String(result.byStatusClass[statusClass] ?? 0).padStart(5)}`)
        .join('   ');
      console.log(
        `${label.padEnd(11)} requests ${result.requests}   ${classes}   5xx count ${result.serverErrors}` +
          `   not in the API's shape ${result.offences.length - result.serverErrors}` +
          `   (${seconds.toFixed(1)} s, ${Math.round(result.requests / seconds)} requests/s)`,
      );
      for (const offence of result.offences.slice(0, MAX_LISTED_OFFENCES)) {
        console.log(`  ${offence.status} ${offence.reason}: ${offence.request}\n    → ${offence.body}`);
      }
      return result;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(webDist, { recursive: true, force: true });
  }
}

console.log(
  `${requests} malformed requests per database through app.inject, seed ${seed}; ` +
    `${os.cpus().length} cores, Node ${process.version}`,
);

const results: FuzzResult[] = [];
if (only !== 'postgres') results.push(await run('PGlite', await openPglite(undefined)));
if (only !== 'pglite' && process.env.DATABASE_URL) {
  await onServer(`drop database if exists ${BENCH_DATABASE} with (force)`);
  await onServer(`create database ${BENCH_DATABASE}`);
  try {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${BENCH_DATABASE}`;
    results.push(await run('PostgreSQL', await openPostgres(url.toString())));
  } finally {
    await onServer(`drop database if exists ${BENCH_DATABASE} with (force)`);
  }
} else if (only !== 'pglite') {
  console.log('PostgreSQL  skipped: set DATABASE_URL to a server this may create a database on');
}
process.exitCode = results.some((result) => result.offences.length > 0) ? 1 : 0;
