/**
 * /media range reads of a track's audio against a bare static server, as an audio player
 * makes them: random 64 KiB ranges of a 3-minute AAC rendition (~3 MB, made here by ffmpeg
 * as media processing would), over real HTTP with BENCH_CONCURRENCY clients at once (16),
 * BENCH_REQUESTS requests a case (5,000). Three cases on the same file:
 *
 * - bare static: bench/static-range-server.ts, node:http and fs.createReadStream with single
 *   byte ranges, no framework, no checks (the ceiling);
 * - /media open: the rendition of a public track, open to all (asset lookup, store stat and
 *   read, no signature, no session);
 * - /media signed: the rendition of a pay-to-unlock track, through the signed address a fan
 *   who unlocked it is given, with that fan's session cookie (asset lookup, HMAC check and
 *   the session lookup, then the store): the hard case of every protected play.
 *
 * The tracks are published through the API (POST /api/audio/create) over assets stored as
 * processing leaves them, on a real database (the app built in this process, then closed);
 * the real server (`npm start`'s build) is then started in its own process on that data, as
 * is the bare server, and this process is the clients. Every answer is checked: 206, its
 * content-range, and its bytes against the file's; failures are counted and must be 0.
 * The cases take turns (BENCH_ROUNDS, 5), so load that comes and goes on a shared machine
 * weighs on each alike; each figure pools its case's rounds.
 *
 *   npm run bench:audio-ranges   (BENCH_REQUESTS=5000 BENCH_CONCURRENCY=16 BENCH_ROUNDS=5
 *                                 BENCH_RANGE_KB=64, BENCH_DATABASE=pglite|postgres: pglite
 *                                 by default, as `npm start`; postgres on the server of
 *                                 DATABASE_URL, or postgres://postgres@127.0.0.1:5432/postgres)
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TAudio } from '@stagepass/contract/audio';
import pg from 'pg';
import { type App, buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config.ts';
import { type Database, openPglite, openPostgres } from '../server/src/db/client.ts';
import { mediaAssets, unlocks } from '../server/src/db/schema/index.ts';
import { createId } from '../server/src/lib/ids.ts';
import { PUBLIC_ID_LENGTH } from '../server/src/modules/media/media.service.ts';
import { findMediaTools } from '../server/src/modules/media/processing/media-tools.ts';
import { createPerson, type TestPerson } from '../server/src/test/factories/people.ts';
import { findFreePort, spawnServer } from '../server/src/test/spawn-server.ts';
import { benchServerUrl, onServer } from './bench-database.ts';
import { describeLoad } from './bench-report.ts';
import {
  compareRates,
  cpuSampler,
  type RangeTarget,
  runInTurns,
  startBareServer,
  summarizeRuns,
} from './range-load.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const RANGE_BYTES = Number(process.env.BENCH_RANGE_KB ?? 64) * 1024;
const WARM_UP_REQUESTS = 500;
const TRACK_SECONDS = 180;
const databaseKind = process.env.BENCH_DATABASE === 'postgres' ? 'postgres' : 'pglite';
const BENCH_DATABASE = 'stagepass_bench_audio_ranges';
/** The same secret for the app built here (which signs the address) and the server (which checks it). */
const APP_ENV = { NODE_ENV: 'development', DEMO_CONTENT: 'false', JOB_CONCURRENCY: '0' } as const;

// ── The files ───────────────────────────────────────────────────────────────

type Renditions = { audio: string; audioLite: string; preview: string; waveform: string };

/**
 * What processing makes of a 3-minute upload: the 128 kb/s AAC rendition (a 440 Hz tone
 * over soft pink noise, so the encoder spends its bitrate: ~3 MB), the 64 kb/s data-saver
 * one, the 30-second preview and the waveform's peaks.
 */
async function makeRenditions(folder: string): Promise<Renditions> {
  const { ffmpeg } = await findMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
  const files = {
    audio: path.join(folder, 'audio.m4a'),
    audioLite: path.join(folder, 'audio-lite.m4a'),
    preview: path.join(folder, 'preview.m4a'),
    waveform: path.join(folder, 'waveform.json'),
  };
  const source = [
    ...['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100:duration=${TRACK_SECONDS}`],
    ...[
      '-f',
      'lavfi',
      '-i',
      `anoisesrc=color=pink:amplitude=0.05:sample_rate=44100:duration=${TRACK_SECONDS}`,
    ],
    ...['-filter_complex', '[0][1]amix=inputs=2,aformat=channel_layouts=stereo'],
  ];
  const encode = (bitrate: string, seconds: number, file: string) =>
    execFileSync(ffmpeg, [
      ...['-nostdin', '-loglevel', 'error', '-y', ...source, '-t', String(seconds)],
      ...['-c:a', 'aac', '-b:a', bitrate, '-movflags', '+faststart', file],
    ]);
  encode('128k', TRACK_SECONDS, files.audio);
  encode('64k', TRACK_SECONDS, files.audioLite);
  encode('128k', 30, files.preview);
  const peaks = Array.from({ length: 200 }, (_, index) =>
    Number((0.6 + 0.3 * Math.sin(index / 7)).toFixed(3)),
  );
  fs.writeFileSync(files.waveform, JSON.stringify({ peaks }));
  return files;
}

/** An audio upload as processing leaves it: its files in the store and its row, 'ready'. */
async function storeAudioAsset(app: App, ownerId: string, renditions: Renditions): Promise<string> {
  const publicId = createId(PUBLIC_ID_LENGTH);
  const files: Record<string, [string, string]> = {
    original: [renditions.audio, 'original.m4a'],
    audio: [renditions.audio, 'audio.m4a'],
    'audio-lite': [renditions.audioLite, 'audio-lite.m4a'],
    preview: [renditions.preview, 'preview.m4a'],
    waveform: [renditions.waveform, 'waveform.json'],
  };
  const variants: Record<string, string> = {};
  for (const [variant, [file, name]] of Object.entries(files)) {
    const key = `${publicId}/${name}`;
    await app.mediaStore.put(key, fs.readFileSync(file), {
      contentType: name.endsWith('.json') ? 'application/json' : 'audio/mp4',
    });
    variants[variant] = key;
  }
  await app.db.insert(mediaAssets).values({
    publicId,
    ownerId,
    kind: 'audio',
    purpose: 'post',
    status: 'ready',
    variants,
    durationSeconds: TRACK_SECONDS,
    bytes: fs.statSync(renditions.audio).size,
  });
  return publicId;
}

async function publish(app: App, creator: TestPerson, publicId: string, paid: boolean): Promise<TAudio> {
  const answer = await app.inject({
    method: 'POST',
    url: '/api/audio/create',
    headers: { cookie: creator.cookie },
    payload: {
      title: paid ? 'Zamrock live, the full set' : 'Morning tone, free to all',
      genre: 'Zamrock',
      audio_asset: { public_id: publicId },
      visibility: paid ? 'pay-to-unlock' : 'everyone',
      price: paid ? 1_500 : null,
    },
  });
  if (answer.statusCode !== 201) throw new Error(`create: ${answer.statusCode} ${answer.body}`);
  return answer.json().audio as TAudio;
}

type Setup = { openUrl: string; signedUrl: string; cookie: string; file: string };

/**
 * A creator publishes a public track and a pay-to-unlock one; a fan unlocks the paid one
 * (the unlock row a completed purchase leaves) and reads both tracks through the API, as
 * the player does, for their addresses.
 */
async function setUp(database: Database, dataDir: string, renditions: Renditions): Promise<Setup> {
  const config = loadConfig({ ...APP_ENV, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database });
  try {
    const creator = await createPerson(app, { role: 'creator', name: 'Chanda Zamrock' });
    const fan = await createPerson(app, { role: 'fan', name: 'Mutale Listener' });
    const openTrack = await publish(app, creator, await storeAudioAsset(app, creator.id, renditions), false);
    const paidTrack = await publish(app, creator, await storeAudioAsset(app, creator.id, renditions), true);
    await app.db
      .insert(unlocks)
      .values({ fanId: fan.id, itemId: paidTrack.audioId, purchaseId: randomUUID() });
    const read = async (track: TAudio) => {
      const answer = await app.inject({
        url: `/api/audio/fetch-audio/${track.audioId}`,
        headers: { cookie: fan.cookie },
      });
      const { audio } = answer.json() as { audio: TAudio };
      if (!audio.hasPaid || !audio.audio_asset.secure_url) throw new Error(`no full access: ${answer.body}`);
      return audio.audio_asset.secure_url;
    };
    const openUrl = await read(openTrack);
    const signedUrl = await read(paidTrack);
    if (openUrl.includes('sig=') || !signedUrl.includes('sig=')) {
      throw new Error(`unexpected addresses: open ${openUrl}, paid ${signedUrl}`);
    }
    const key = new URL(signedUrl, 'http://x').pathname.replace(/^\/media\//, '');
    return { openUrl, signedUrl, cookie: fan.cookie, file: path.join(dataDir, 'media', ...key.split('/')) };
  } finally {
    await app.close();
  }
}

// ── The run ─────────────────────────────────────────────────────────────────

type Opened = { database: Database; env: Record<string, string>; url?: string };

async function openDatabase(dataDir: string): Promise<Opened> {
  if (databaseKind === 'pglite') {
    // Where the server keeps it (main.ts): DATA_DIR/db.
    return { database: await openPglite(path.join(dataDir, 'db')), env: {} };
  }
  await onServer(`drop database if exists ${BENCH_DATABASE} with (force)`);
  await onServer(`create database ${BENCH_DATABASE}`);
  const url = new URL(benchServerUrl);
  url.pathname = `/${BENCH_DATABASE}`;
  return {
    database: await openPostgres(url.toString()),
    env: { DATABASE_URL: url.toString() },
    url: url.toString(),
  };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-audio-ranges-'));
let server: Awaited<ReturnType<typeof spawnServer>> | undefined;
let bare: ChildProcess | undefined;
let watcher: pg.Client | undefined;
try {
  const renditions = await makeRenditions(fs.mkdtempSync(path.join(dataDir, 'renditions-')));
  const { database, env, url } = await openDatabase(dataDir);
  let setup: Setup;
  try {
    await database.migrate();
    setup = await setUp(database, dataDir, renditions);
  } finally {
    await database.close();
  }
  const expected = fs.readFileSync(setup.file);

  server = await spawnServer({
    ...APP_ENV,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    LOG_FORMAT: 'json',
    ...env,
  });
  await server.waitUntilHealthy();
  const appBase = `http://127.0.0.1:${server.port}`;
  const barePort = await findFreePort();
  bare = await startBareServer(setup.file, barePort);
  if (url) {
    watcher = new pg.Client({ connectionString: url });
    await watcher.connect();
  }

  // The signed address is worthless without the fan's session.
  const anonymous = await fetch(`${appBase}${setup.signedUrl}`, { headers: { range: 'bytes=0-1' } });
  if (anonymous.status !== 403)
    throw new Error(`the signed address answered ${anonymous.status} without a session`);

  const appCpu = cpuSampler(server.child.pid!, watcher);
  const targets: RangeTarget[] = [
    {
      label: 'bare static (node:http + createReadStream)',
      url: `http://127.0.0.1:${barePort}/audio.m4a`,
      sampleCpu: cpuSampler(bare.pid!),
    },
    { label: '/media open (public track)', url: `${appBase}${setup.openUrl}`, sampleCpu: appCpu },
    {
      label: '/media signed (pay-to-unlock, session cookie)',
      url: `${appBase}${setup.signedUrl}`,
      cookie: setup.cookie,
      sampleCpu: appCpu,
    },
  ];
  console.log(
    `Audio range reads: random ${RANGE_BYTES / 1024} KiB ranges of a ${TRACK_SECONDS} s AAC rendition ` +
      `(${(expected.length / 1e6).toFixed(2)} MB, ${Math.round((expected.length * 8) / TRACK_SECONDS / 1000)} kb/s), ` +
      `${CONCURRENCY} clients, ${REQUESTS.toLocaleString('en')} requests a case in ${ROUNDS} rounds; ` +
      `Stagepass on ${databaseKind}; ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), Node ${process.version}; ` +
      describeLoad(),
  );
  const randomRange = () => {
    const start = Math.floor(Math.random() * (expected.length - RANGE_BYTES + 1));
    return { start, end: start + RANGE_BYTES - 1 };
  };
  const runs = await runInTurns({
    targets,
    requests: REQUESTS,
    rounds: ROUNDS,
    warmUpRequests: WARM_UP_REQUESTS,
    concurrency: CONCURRENCY,
    expected,
    rangeOf: randomRange,
  });

  const { table, rates, failureReasons } = summarizeRuns(runs, watcher ? 'sampled' : 'in server');
  for (const reason of failureReasons) console.log(`  failure: ${reason}`);
  console.log(`\n${table}`);
  const [bareRate, openRate, signedRate] = targets.map((target) => rates.get(target)!);
  console.log(`\n  open/bare:   ${compareRates(openRate!, bareRate!)}`);
  console.log(`  signed/bare: ${compareRates(signedRate!, bareRate!)}`);
  console.log(
    `  signed/open: ${((signedRate!.perSecond / openRate!.perSecond) * 100).toFixed(1)} % of the requests/s` +
      ' (what the signature and the session lookup cost)',
  );
  console.log(
    `\n  CPU/req: the serving process's CPU time (/proc) over the requests${watcher ? ", and its PostgreSQL backends' (both in the ×)" : ' (PGlite runs inside it)'}; ` +
      `the clients (this process) share the ${os.cpus().length} cores. Now: ${describeLoad()}`,
  );
  const totalFailures = [...rates.values()].reduce((sum, rate) => sum + rate.failures, 0);
  console.log(`  Failures (not 206, wrong content-range, byte count or bytes): ${totalFailures}`);
  if (totalFailures > 0) process.exitCode = 1;
} finally {
  await watcher?.end();
  bare?.kill('SIGINT');
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (databaseKind === 'postgres') await onServer(`drop database if exists ${BENCH_DATABASE} with (force)`);
}
