import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { formatTable, percentile } from './bench-report.ts';

/**
 * The clients of the range benches (audio-ranges, video-segments): byte-range GETs of one
 * file over real HTTP, a number of clients at once on keep-alive connections, every answer
 * checked (206, its content-range, its bytes), with the CPU the serving process (and its
 * PostgreSQL backends) spent on them; the cases taking turns so load that comes and goes on
 * a shared machine weighs on each alike; and the bare static server they are measured against.
 */

/** An inclusive byte range. */
export type ByteRange = { start: number; end: number };

/** CPU ms by pid: the serving process, and for PostgreSQL the backends of its connections. */
export type CpuSample = Map<number, number>;

export type RangeTarget = {
  label: string;
  url: string;
  cookie?: string;
  sampleCpu: () => Promise<CpuSample>;
};

export type RangeRun = {
  timings: number[];
  seconds: number;
  failures: number;
  reasons: string[];
  /** Bytes of the answers' bodies. */
  bytes: number;
  /** CPU ms spent by the serving process, and by PostgreSQL's backends for it. */
  cpuMs: { server: number; database: number };
};

/** User and system CPU a process has used, in ms (Linux /proc; NaN elsewhere). */
function cpuMsOf(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, fields 14 and 15 of the line (11 and 12 after the name), in clock ticks.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** CPU used between two samples: by processes in both, and all of a process new in the second. */
function cpuBetween(before: CpuSample, after: CpuSample, pids: (pid: number) => boolean): number {
  let total = 0;
  for (const [pid, ms] of after) if (pids(pid)) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** The process's CPU, then that of the PostgreSQL backends serving the bench database (but the watcher's). */
export function cpuSampler(pid: number, watcher?: pg.Client): () => Promise<CpuSample> {
  return async () => {
    const sample: CpuSample = new Map([[pid, cpuMsOf(pid)]]);
    if (!watcher) return sample;
    const { rows } = await watcher.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    for (const row of rows) sample.set(row.pid, cpuMsOf(row.pid));
    return sample;
  };
}

/**
 * `requests` GETs of `target`, the n-th asking for `rangeOf(n)`, `concurrency` at a time on
 * keep-alive connections of their own, each checked against `expected` (the file's bytes).
 */
export async function loadRanges(options: {
  target: RangeTarget;
  requests: number;
  concurrency: number;
  expected: Buffer;
  rangeOf: (index: number) => ByteRange;
}): Promise<RangeRun> {
  const { target, requests, concurrency, expected, rangeOf } = options;
  const url = new URL(target.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const timings: number[] = [];
  const reasons: string[] = [];
  let failures = 0;
  let bytes = 0;
  let issued = 0;
  const fail = (reason: string) => {
    failures += 1;
    if (reasons.length < 5) reasons.push(reason);
  };
  const once = ({ start, end }: ByteRange) =>
    new Promise<void>((resolve) => {
      const headers: http.OutgoingHttpHeaders = { range: `bytes=${start}-${end}` };
      if (target.cookie) headers.cookie = target.cookie;
      const started = performance.now();
      const request = http.get(url, { agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          timings.push(performance.now() - started);
          const body = Buffer.concat(chunks);
          bytes += body.length;
          const range = response.headers['content-range'];
          if (response.statusCode !== 206) fail(`status ${response.statusCode}`);
          else if (range !== `bytes ${start}-${end}/${expected.length}`) fail(`content-range ${range}`);
          else if (body.length !== end - start + 1) fail(`${body.length} bytes`);
          else if (!body.equals(expected.subarray(start, end + 1))) fail('other bytes');
          resolve();
        });
        response.on('error', (error) => {
          fail(error.message);
          resolve();
        });
      });
      request.on('error', (error) => {
        fail(error.message);
        resolve();
      });
    });
  const client = async () => {
    while (issued < requests) {
      const index = issued;
      issued += 1;
      await once(rangeOf(index));
    }
  };
  const cpuBefore = await target.sampleCpu();
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = await target.sampleCpu();
  agent.destroy();
  const [serverPid] = cpuAfter.keys();
  const cpuMs = {
    server: cpuBetween(cpuBefore, cpuAfter, (pid) => pid === serverPid),
    database: cpuBetween(cpuBefore, cpuAfter, (pid) => pid !== serverPid),
  };
  return { timings, seconds, failures, reasons, bytes, cpuMs };
}

/**
 * Every target warmed up (JIT, page cache, pools), then `rounds` rounds in which each goes
 * first, second and last in turn, `requests` split among the rounds. Every target is asked
 * the same ranges in the same order (`rangeOf` of the request's number in its round).
 */
export async function runInTurns(options: {
  targets: readonly RangeTarget[];
  requests: number;
  rounds: number;
  warmUpRequests: number;
  concurrency: number;
  expected: Buffer;
  rangeOf: (index: number) => ByteRange;
}): Promise<Map<RangeTarget, RangeRun[]>> {
  const { targets, requests, rounds, warmUpRequests, ...load } = options;
  for (const target of targets) await loadRanges({ ...load, target, requests: warmUpRequests });
  const runs = new Map<RangeTarget, RangeRun[]>(targets.map((target) => [target, []]));
  for (let round = 0; round < rounds; round += 1) {
    const order = targets.map((_, index) => targets[(index + round) % targets.length]!);
    for (const target of order) {
      const count = Math.floor(requests / rounds) + (round < requests % rounds ? 1 : 0);
      runs.get(target)!.push(await loadRanges({ ...load, target, requests: count }));
    }
  }
  return runs;
}

/** A target's rounds pooled: its requests per second, p50 and CPU per request (ms). */
export type RangeRate = { perSecond: number; p50: number; cpuPerRequest: number; failures: number };

/**
 * The table of the runs (requests, req/s, MB/s, latency percentiles, CPU per request,
 * failures) and each target's pooled rate. `databaseCpu`, for every target but the first
 * (the bare server): 'sampled' (PostgreSQL's backends), 'in server' (PGlite), or 'none'
 * (the requests ask no database).
 */
export function summarizeRuns(
  runs: Map<RangeTarget, RangeRun[]>,
  databaseCpu: 'sampled' | 'in server' | 'none',
): { table: string; rates: Map<RangeTarget, RangeRate>; failureReasons: string[] } {
  const rows = [
    [
      'case',
      'requests',
      'req/s',
      'MB/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'CPU/req: server',
      'database',
      'failures',
    ],
  ];
  const rates = new Map<RangeTarget, RangeRate>();
  const failureReasons: string[] = [];
  const perRequest = (ms: number, count: number) =>
    Number.isNaN(ms) ? 'n/a' : `${((ms * 1000) / count).toFixed(0)} µs`;
  const [first] = runs.keys();
  for (const [target, all] of runs) {
    const timings = all.flatMap((run) => run.timings).sort((a, b) => a - b);
    const sum = (of: (run: RangeRun) => number) => all.reduce((total, run) => total + of(run), 0);
    const seconds = sum((run) => run.seconds);
    const failures = sum((run) => run.failures);
    const serverMs = sum((run) => run.cpuMs.server);
    const databaseMs = sum((run) => run.cpuMs.database);
    const perSecond = timings.length / seconds;
    rates.set(target, {
      perSecond,
      p50: percentile(timings, 0.5),
      cpuPerRequest: (serverMs + databaseMs) / timings.length,
      failures,
    });
    rows.push([
      target.label,
      timings.length.toLocaleString('en'),
      perSecond.toFixed(0),
      (sum((run) => run.bytes) / seconds / 1e6).toFixed(0),
      percentile(timings, 0.5).toFixed(2),
      percentile(timings, 0.95).toFixed(2),
      percentile(timings, 0.99).toFixed(2),
      perRequest(serverMs, timings.length),
      target === first || databaseCpu === 'none'
        ? '-'
        : databaseCpu === 'sampled'
          ? perRequest(databaseMs, timings.length)
          : 'in server',
      String(failures),
    ]);
    failureReasons.push(...all.flatMap((run) => run.reasons).slice(0, 5));
  }
  return { table: formatTable(rows), rates, failureReasons };
}

/** `of` against `bare`: its share of the requests per second, p50 and CPU per request. */
export function compareRates(of: RangeRate, bare: RangeRate): string {
  // CPU per request is the steadier figure on a shared machine: what one core would serve.
  return (
    `${((of.perSecond / bare.perSecond) * 100).toFixed(1)} % of the requests/s, p50 ×${(of.p50 / bare.p50).toFixed(2)}, ` +
    `CPU per request ×${(of.cpuPerRequest / bare.cpuPerRequest).toFixed(1)}`
  );
}

/** bench/static-range-server.ts serving `file` on `port`, in its own process, once it listens. */
/** static-range-server.ts on `file`; `readSize`: its reads' size (Node's default, 64 KB, without). */
export function startBareServer(file: string, port: number, readSize?: number): Promise<ChildProcess> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'static-range-server.ts');
  const args = [script, file, String(port), ...(readSize ? [String(readSize)] : [])];
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve) => child.stdout!.once('data', () => resolve(child)));
}
