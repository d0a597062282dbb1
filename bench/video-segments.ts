/**
 * Segment reads of a streamed video through its folder token against a bare static server,
 * in one run. A rendition made with `single_file` is one file that an HLS player reads by
 * byte ranges, a segment (100–300 KB here, 2–6 s of a 360p rung) at a time; this bench
 * asks both servers for the same sequence of such ranges with the same number of clients:
 *
 * - bare static: bench/static-range-server.ts, node:http and fs.createReadStream with single
 *   byte ranges, no framework, no checks (the ceiling);
 * - /media/folder: the real server (`npm start`'s build, in its own process) answering
 *   /media/folder/<token>/<publicId>/hls/<file> for a public token: the HMAC check of the
 *   token, then the store (no session, no database).
 *
 * The rendition (BENCH_FILE_MB of random bytes) is written into the server's media store
 * before it starts, with a master playlist beside it; the token is signed with the
 * server's APP_SECRET, as the item's read would sign it. The segment boundaries come from
 * a seeded generator, so every run and both servers read the same ranges in the same order
 * (the clients walk the file's segments in order, over and over). Every answer is checked:
 * 206, its content-range, and its bytes against the file's; failures must be 0. The cases
 * take turns (BENCH_ROUNDS), so load that comes and goes on a shared machine weighs on
 * both alike; each figure pools its case's rounds. The goal: /media/folder at ≥ 90 % of
 * the bare server's requests per second.
 *
 *   npm run bench:video-segments   (BENCH_REQUESTS=8000 BENCH_CONCURRENCY=16 BENCH_ROUNDS=20
 *                                   BENCH_FILE_MB=8 BENCH_LOG_LEVEL=info, as `npm start`;
 *                                   BENCH_DATABASE=pglite|postgres: the route asks neither,
 *                                   but PGlite lives in the server's process; postgres on
 *                                   the server of DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres;
 *                                   BENCH_APP_PORT / BENCH_BARE_PORT: free ports by default)
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createId } from '../server/src/lib/ids.ts';
import { createLocalMediaStore } from '../server/src/lib/media-store.ts';
import { signFolderUrl, streamingFolderOf } from '../server/src/modules/media/folder-token.ts';
import { PUBLIC_ID_LENGTH } from '../server/src/modules/media/media.service.ts';
import { findFreePort, spawnServer } from '../server/src/test/spawn-server.ts';
import { benchServerUrl, onServer } from './bench-database.ts';
import { describeLoad } from './bench-report.ts';
import {
  type ByteRange,
  compareRates,
  cpuSampler,
  type RangeTarget,
  runInTurns,
  startBareServer,
  summarizeRuns,
} from './range-load.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 8_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
// Short turns: on a shared machine, load comes and goes within seconds.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const FILE_BYTES = Number(process.env.BENCH_FILE_MB ?? 8) * 1024 * 1024;
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const WARM_UP_REQUESTS = 500;
const SEGMENT_BYTES = { min: 100_000, max: 300_000 };
const GOAL = 0.9;
/** The media store reads a range of up to 1 MB at once (media-store.ts): the second baseline does too. */
const ONE_READ_BYTES = 1024 * 1024;
const APP_SECRET = `bench-video-segments-${randomBytes(16).toString('hex')}`;
const RENDITION = '360p.mp4';
const databaseKind = process.env.BENCH_DATABASE === 'postgres' ? 'postgres' : 'pglite';
const BENCH_DATABASE = 'stagepass_bench_video_segments';

/** A small seeded generator (mulberry32): the same segments in every run. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The file cut into segments of 100–300 KB, in order, as a byte-range playlist lists them. */
function cutIntoSegments(size: number): ByteRange[] {
  const random = seededRandom(26);
  const segments: ByteRange[] = [];
  for (let start = 0; start < size; ) {
    const length = SEGMENT_BYTES.min + Math.floor(random() * (SEGMENT_BYTES.max - SEGMENT_BYTES.min + 1));
    const end = Math.min(start + length, size) - 1;
    segments.push({ start, end });
    start = end + 1;
  }
  return segments;
}

/** The video's folder as processing leaves it, written into the store the server will use. */
async function storeRendition(dataDir: string): Promise<{ folder: string; file: string; bytes: Buffer }> {
  const store = await createLocalMediaStore(path.join(dataDir, 'media'));
  const folder = streamingFolderOf(createId(PUBLIC_ID_LENGTH));
  const bytes = randomBytes(FILE_BYTES);
  const playlist = `#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360\n360p.m3u8\n`;
  await store.put(`${folder}/master.m3u8`, Buffer.from(playlist), {
    contentType: 'application/vnd.apple.mpegurl',
  });
  await store.put(`${folder}/${RENDITION}`, bytes, { contentType: 'video/mp4' });
  return { folder, file: path.join(dataDir, 'media', ...folder.split('/'), RENDITION), bytes };
}

/** The server's database: PGlite under DATA_DIR (nothing to pass), or a fresh one on the PostgreSQL server. */
async function prepareDatabase(): Promise<Record<string, string>> {
  if (databaseKind === 'pglite') return {};
  await onServer(`drop database if exists ${BENCH_DATABASE} with (force)`);
  await onServer(`create database ${BENCH_DATABASE}`);
  const url = new URL(benchServerUrl);
  url.pathname = `/${BENCH_DATABASE}`;
  return { DATABASE_URL: url.toString() };
}

/** The folder route answers as the route promises, before anything is measured. */
async function checkTheRoute(address: string): Promise<void> {
  const answer = await fetch(address, { headers: { range: 'bytes=0-99' } });
  const cache = answer.headers.get('cache-control') ?? '';
  if (answer.status !== 206 || !/^public, max-age=\d+$/.test(cache)) {
    throw new Error(`the folder address answered ${answer.status} (${cache})`);
  }
  const forged = address.replace(
    /\/media\/folder\/(\d+)\./,
    (_match, exp) => `/media/folder/${Number(exp) + 1}.`,
  );
  const refused = await fetch(forged, { headers: { range: 'bytes=0-99' } });
  if (refused.status !== 403) throw new Error(`a forged token answered ${refused.status}`);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-video-segments-'));
let server: Awaited<ReturnType<typeof spawnServer>> | undefined;
let bare: ChildProcess | undefined;
let bareInOneRead: ChildProcess | undefined;
try {
  const rendition = await storeRendition(dataDir);
  const segments = cutIntoSegments(rendition.bytes.length);
  const appPort = Number(process.env.BENCH_APP_PORT ?? (await findFreePort()));
  server = await spawnServer({
    NODE_ENV: 'development',
    DEMO_CONTENT: 'false',
    JOB_CONCURRENCY: '0',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(appPort),
    APP_SECRET,
    LOG_LEVEL,
    LOG_FORMAT: 'json',
    ...(await prepareDatabase()),
  });
  await server.waitUntilHealthy();
  const barePort = Number(process.env.BENCH_BARE_PORT ?? (await findFreePort()));
  bare = await startBareServer(rendition.file, barePort);
  const bareInOneReadPort = Number(process.env.BENCH_BARE_ONE_READ_PORT ?? (await findFreePort()));
  bareInOneRead = await startBareServer(rendition.file, bareInOneReadPort, ONE_READ_BYTES);

  // A public token, as a read of an item everyone may watch issues it.
  const address = `http://127.0.0.1:${appPort}${signFolderUrl({
    secret: APP_SECRET,
    folder: rendition.folder,
    file: RENDITION,
    audience: 'public',
  })}`;
  await checkTheRoute(address);

  const targets: RangeTarget[] = [
    {
      label: 'bare static (node:http + createReadStream)',
      url: `http://127.0.0.1:${barePort}/${RENDITION}`,
      sampleCpu: cpuSampler(bare.pid!),
    },
    {
      label: 'bare static, a range in one read',
      url: `http://127.0.0.1:${bareInOneReadPort}/${RENDITION}`,
      sampleCpu: cpuSampler(bareInOneRead.pid!),
    },
    {
      label: '/media/folder/<token> (public)',
      url: address,
      sampleCpu: cpuSampler(server.child.pid!),
    },
  ];
  const meanSegment = rendition.bytes.length / segments.length;
  console.log(
    `Video segment reads: ${segments.length} segments of ${SEGMENT_BYTES.min / 1000}–${SEGMENT_BYTES.max / 1000} KB ` +
      `(mean ${(meanSegment / 1000).toFixed(0)} KB) of a ${(rendition.bytes.length / 1e6).toFixed(1)} MB single-file ` +
      `rendition, read in order by ${CONCURRENCY} clients, ${REQUESTS.toLocaleString('en')} requests a case in ` +
      `${ROUNDS} rounds; the server on ${databaseKind}, logging at ${LOG_LEVEL}; ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ` +
      `Node ${process.version}; ${describeLoad()}`,
  );
  const runs = await runInTurns({
    targets,
    requests: REQUESTS,
    rounds: ROUNDS,
    warmUpRequests: WARM_UP_REQUESTS,
    concurrency: CONCURRENCY,
    expected: rendition.bytes,
    rangeOf: (index) => segments[index % segments.length]!,
  });

  const { table, rates, failureReasons } = summarizeRuns(runs, 'none');
  for (const reason of failureReasons) console.log(`  failure: ${reason}`);
  console.log(`\n${table}`);
  const [bareRate, bareInOneReadRate, folderRate] = targets.map((target) => rates.get(target)!);
  const share = folderRate!.perSecond / bareRate!.perSecond;
  console.log(`\n  folder/bare: ${compareRates(folderRate!, bareRate!)}`);
  console.log(`  folder/bare in one read: ${compareRates(folderRate!, bareInOneReadRate!)}`);
  console.log(
    `  goal: ≥ ${GOAL * 100} % of the bare server's requests/s: ${share >= GOAL ? 'met' : 'NOT met'}` +
      `\n  CPU/req: each serving process's CPU time (/proc) over its requests; the clients (this process) ` +
      `share the ${os.cpus().length} cores. Now: ${describeLoad()}`,
  );
  const totalFailures = [...rates.values()].reduce((sum, rate) => sum + rate.failures, 0);
  console.log(`  Failures (not 206, wrong content-range, byte count or bytes): ${totalFailures}`);
  if (totalFailures > 0) process.exitCode = 1;
} finally {
  bare?.kill('SIGINT');
  bareInOneRead?.kill('SIGINT');
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (databaseKind === 'postgres') await onServer(`drop database if exists ${BENCH_DATABASE} with (force)`);
}
