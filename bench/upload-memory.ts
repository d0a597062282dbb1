/**
 * Server memory while a 1 GB video is uploaded: the real server (`npm start`'s entry
 * point) in its own process receives POST /api/media/upload?purpose=post from a generated
 * stream (never held in memory here either), while this script samples the server's
 * resident memory (VmRSS in /proc/<pid>/status) every 100 ms. With the local disk store and
 * with an S3-compatible bucket (a local s3rver), each on PostgreSQL and on the embedded
 * PGlite. Goal: a peak under 200 MB. PGlite is PostgreSQL itself inside the server
 * process, so its idle RSS is the database's; what the upload adds is the growth.
 *
 *   npm run bench:upload     (BENCH_UPLOAD_MB=1024, BENCH_ONLY=local|s3,
 *                             BENCH_DATABASE=postgres|pglite; the server of DATABASE_URL,
 *                             or postgres://postgres@127.0.0.1:5432/postgres)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestS3Server } from '../server/src/test/s3-server.ts';
import { spawnServer } from '../server/src/test/spawn-server.ts';
import { benchServerUrl, onServer } from './bench-database.ts';
import { mp4Header, signUp, uploadStreamed } from './media-bench-helpers.ts';

const uploadMegabytes = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
const only = process.env.BENCH_ONLY;
const onlyDatabase = process.env.BENCH_DATABASE;
const BENCH_DATABASE = 'stagepass_bench_upload';
const GOAL_MB = 200;
const MiB = 1024 * 1024;

type Database = 'postgres' | 'pglite';
type Figures = {
  store: string;
  database: Database;
  idleMb: number;
  peakMb: number;
  seconds: number;
  status: number;
};

/** A fresh database for one run: its address, or none for PGlite under DATA_DIR. */
async function prepareDatabase(database: Database): Promise<Record<string, string>> {
  if (database === 'pglite') return {};
  await onServer(`drop database if exists ${BENCH_DATABASE} with (force)`);
  await onServer(`create database ${BENCH_DATABASE}`);
  const url = new URL(benchServerUrl);
  url.pathname = `/${BENCH_DATABASE}`;
  return { DATABASE_URL: url.toString() };
}

function readRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
  return kilobytes / 1024;
}

/** The same 1 MiB block again and again (after the MP4 header): this process stays small too. */
function* repeatBlock(bytes: number): Generator<Buffer> {
  const block = Buffer.alloc(MiB, 0x5a);
  const first = Buffer.concat([mp4Header(), block.subarray(32)]);
  for (let sent = 0; sent < bytes; sent += MiB) {
    yield (sent === 0 ? first : block).subarray(0, Math.min(MiB, bytes - sent));
  }
}

async function measure(store: 'local' | 's3', database: Database): Promise<Figures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-upload-'));
  const s3 = store === 's3' ? await startTestS3Server('stagepass-bench') : undefined;
  const server = await spawnServer({
    ...(await prepareDatabase(database)),
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    // Only the upload is measured: no job turns the (not really a) video into renditions,
    // and no demo content is made first (its one-off image work and password hashing
    // leave memory behind that has nothing to do with uploads; production never seeds).
    JOB_CONCURRENCY: '0',
    DEMO_CONTENT: 'false',
    ...s3?.env,
  });
  try {
    await server.waitUntilHealthy();
    const cookie = await signUp(server.baseUrl);
    const pid = server.child.pid!;
    const idleMb = readRssMb(pid);
    let peakMb = idleMb;
    const sampler = setInterval(() => {
      peakMb = Math.max(peakMb, readRssMb(pid));
    }, 100);
    const startedAt = performance.now();
    try {
      const bytes = uploadMegabytes * MiB;
      const { status, body } = await uploadStreamed(server.baseUrl, cookie, bytes, repeatBlock(bytes));
      if (status !== 201) console.error(`  upload answered ${status}: ${body}`);
      return { store, database, idleMb, peakMb, seconds: (performance.now() - startedAt) / 1000, status };
    } finally {
      clearInterval(sampler);
      peakMb = Math.max(peakMb, readRssMb(pid));
    }
  } finally {
    await server.stop();
    await s3?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (database === 'postgres') await onServer(`drop database if exists ${BENCH_DATABASE} with (force)`);
  }
}

const results: Figures[] = [];
for (const database of ['postgres', 'pglite'] as const) {
  if (onlyDatabase && onlyDatabase !== database) continue;
  for (const store of ['local', 's3'] as const) {
    if (only && only !== store) continue;
    console.log(`uploading ${uploadMegabytes} MB: ${store} store, ${database} …`);
    results.push(await measure(store, database));
  }
}
console.log(
  `\nServer RSS while uploading ${uploadMegabytes} MB (sampled every 100 ms; goal: peak < ${GOAL_MB} MB)`,
);
for (const r of results) {
  const verdict = r.status === 201 && r.peakMb < GOAL_MB ? 'ok' : 'NOT MET';
  console.log(
    `  ${r.store.padEnd(5)} store, ${r.database.padEnd(8)} idle ${r.idleMb.toFixed(0)} MB, ` +
      `peak ${r.peakMb.toFixed(0)} MB (+${(r.peakMb - r.idleMb).toFixed(0)} MB), ${r.seconds.toFixed(1)} s ` +
      `(${(uploadMegabytes / r.seconds).toFixed(0)} MB/s), answer ${r.status}: ${verdict}`,
  );
}
