/**
 * Throughput of /media range reads against a bare static file server, on the same file in
 * one run. A 200 MB video is uploaded through the API (so the server's store holds it and
 * the asset is protected); the server then answers 1 MiB ranges at random offsets through
 * the uploader's signed address (asset lookup, signature, session, store stat and read),
 * and the bare node:http server (bench/static-range-server.ts) answers the same ranges of
 * the same file on disk. Each runs in its own process; autocannon loads one at a time.
 *
 *   npm run bench:media   (BENCH_SECONDS=10 BENCH_CONNECTIONS=16 BENCH_FILE_MB=200,
 *                          BENCH_DATABASE=pglite|postgres: pglite by default, as `npm start`)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { findFreePort, spawnServer } from '../server/src/test/spawn-server.ts';
import { benchServerUrl, onServer } from './bench-database.ts';
import { generateVideoBlocks, signUp, uploadStreamed } from './media-bench-helpers.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const fileMegabytes = Number(process.env.BENCH_FILE_MB ?? 200);
const database = process.env.BENCH_DATABASE === 'postgres' ? 'postgres' : 'pglite';
const BENCH_DATABASE = 'stagepass_bench_media';
const MiB = 1024 * 1024;
/** BENCH_RANGE_KB=1 shows the per-request cost instead of the transfer's. */
const RANGE_BYTES = Number(process.env.BENCH_RANGE_KB ?? 1024) * 1024;

type Figures = {
  megabytesPerSecond: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
};

/** Range-aligned ranges at random places in the file. */
function randomRange(size: number): string {
  const start = Math.floor(Math.random() * Math.floor(size / RANGE_BYTES)) * RANGE_BYTES;
  return `bytes=${start}-${start + RANGE_BYTES - 1}`;
}

async function measure(url: string, size: number, headers: Record<string, string>): Promise<Figures> {
  const requests = [
    {
      method: 'GET' as const,
      setupRequest: (request: autocannon.Request) => ({
        ...request,
        headers: { ...request.headers, ...headers, range: randomRange(size) },
      }),
    },
  ];
  await autocannon({ url, connections, duration: 2, requests }); // warm-up: JIT, page cache, pools
  const result = await autocannon({ url, connections, duration: seconds, requests });
  return {
    megabytesPerSecond: result.throughput.average / MiB,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function checkSameBytes(first: string, second: string, headers: Record<string, string>) {
  const range = 'bytes=5242880-5242911';
  const [a, b] = await Promise.all([
    fetch(first, { headers: { ...headers, range } }),
    fetch(second, { headers: { range } }),
  ]);
  const [bytesA, bytesB] = [Buffer.from(await a.arrayBuffer()), Buffer.from(await b.arrayBuffer())];
  if (a.status !== 206 || b.status !== 206 || !bytesA.equals(bytesB)) {
    throw new Error(`the two servers disagree: ${a.status} ${b.status}`);
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-media-'));
const databaseEnv: Record<string, string> = {};
if (database === 'postgres') {
  await onServer(`drop database if exists ${BENCH_DATABASE} with (force)`);
  await onServer(`create database ${BENCH_DATABASE}`);
  const url = new URL(benchServerUrl);
  url.pathname = `/${BENCH_DATABASE}`;
  databaseEnv.DATABASE_URL = url.toString();
}
const server = await spawnServer({
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  LOG_FORMAT: 'json',
  JOB_CONCURRENCY: '0',
  ...databaseEnv,
});
let bare: ReturnType<typeof spawn> | undefined;
try {
  await server.waitUntilHealthy();
  const cookie = await signUp(server.baseUrl);
  const size = fileMegabytes * MiB;
  const upload = await uploadStreamed(server.baseUrl, cookie, size, generateVideoBlocks(size));
  if (upload.status !== 201) throw new Error(`upload answered ${upload.status}: ${upload.body}`);
  const { public_id: publicId, secure_url: signedUrl } = JSON.parse(upload.body) as {
    public_id: string;
    secure_url: string;
  };
  const file = path.join(dataDir, 'media', publicId, 'original.mp4');

  const port = await findFreePort();
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'static-range-server.ts');
  bare = spawn(process.execPath, ['--import', 'tsx', script, file, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => bare!.stdout!.once('data', () => resolve()));
  const bareUrl = `http://127.0.0.1:${port}/original.mp4`;
  await checkSameBytes(`${server.baseUrl}${signedUrl}`, bareUrl, { cookie });

  console.log(
    `autocannon: ${connections} connections, ${seconds} s each, random ${RANGE_BYTES / 1024} KiB ranges of a ` +
      `${fileMegabytes} MB file, ${os.cpus().length} cores, Node ${process.version}, Stagepass on ${database}`,
  );
  const stagepass = await measure(`${server.baseUrl}${signedUrl}`, size, { cookie });
  const baseline = await measure(bareUrl, size, {});
  const format = (figures: Figures) =>
    `${figures.megabytesPerSecond.toFixed(0)} MB/s, ${Math.round(figures.requestsPerSecond)} req/s, ` +
    `p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, ${figures.errors} errors`;
  console.log(`GET /media (signed, Stagepass):     ${format(stagepass)}`);
  console.log(`GET (bare node:http + createReadStream): ${format(baseline)}`);
  console.log(
    `ratio: /media serves ${((stagepass.megabytesPerSecond / baseline.megabytesPerSecond) * 100).toFixed(1)}% ` +
      'of the bare static server’s throughput',
  );
} finally {
  bare?.kill('SIGINT');
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (database === 'postgres') await onServer(`drop database if exists ${BENCH_DATABASE} with (force)`);
}
