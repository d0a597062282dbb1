/**
 * Requests per second and p99 latency of GET /api/health on the real server (embedded
 * PGlite, every plugin, one database round trip) against a bare Fastify hello-world on
 * the same machine, one after the other so they never share the cores.
 *
 *   npm run bench            (BENCH_SECONDS=10 BENCH_CONNECTIONS=50 by default)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { findFreePort, spawnServer } from '../server/src/test/spawn-server.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

type Figures = { requestsPerSecond: number; p99Ms: number; errors: number };

async function measure(url: string): Promise<Figures> {
  await autocannon({ url, connections, duration: 2 }); // warm-up: JIT, connection pools
  const result = await autocannon({ url, connections, duration: seconds });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function measureStagepass(): Promise<Figures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-'));
  const server = await spawnServer({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  try {
    await server.waitUntilHealthy();
    return await measure(`${server.baseUrl}/api/health`);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureBareFastify(): Promise<Figures> {
  const port = await findFreePort();
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'hello-server.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  try {
    return await measure(`http://127.0.0.1:${port}/hello`);
  } finally {
    child.kill('SIGINT');
  }
}

console.log(
  `autocannon: ${connections} connections, ${seconds} s each, on ${os.cpus().length} cores, Node ${process.version}`,
);
const stagepass = await measureStagepass();
const bare = await measureBareFastify();
const format = (figures: Figures) =>
  `${Math.round(figures.requestsPerSecond).toLocaleString('en')} req/s, p99 ${figures.p99Ms} ms, ${figures.errors} errors`;
console.log(`GET /api/health (Stagepass, PGlite): ${format(stagepass)}`);
console.log(`GET /hello (bare Fastify):            ${format(bare)}`);
console.log(
  `ratio: Stagepass health serves ${((stagepass.requestsPerSecond / bare.requestsPerSecond) * 100).toFixed(1)}% of bare Fastify's throughput`,
);
