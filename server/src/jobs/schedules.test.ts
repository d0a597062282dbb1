import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../db/client.ts';
import { type JobScheduleRow, jobSchedules } from '../db/schema/index.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { createJobEngine, type JobEngine, type JobEngineOptions } from './job-engine.ts';
import { claimDueSchedule } from './schedule-queue.ts';
import { createServerInstance } from './server-instances.ts';
import { readClaimTime, silentLogger, waitFor } from './test-jobs.ts';

// Two handles on one database: on PostgreSQL two connection pools, as two servers would
// have; PGlite is one connection in one process, so there both are the same.
const isPostgres = process.env.TEST_DATABASE === 'postgres';
let database: Database;
let otherServer: Database;
let databaseUrl: string | undefined;
let dispose = async () => {};
beforeAll(async () => {
  const testDatabase = await createTestDatabase();
  database = testDatabase.database;
  databaseUrl = testDatabase.url;
  otherServer = testDatabase.url ? await openPostgres(testDatabase.url) : database;
  dispose = async () => {
    if (otherServer !== database) await otherServer.close();
    await testDatabase.dispose();
  };
});
afterAll(() => dispose());

const engines: JobEngine[] = [];
beforeEach(async () => {
  await database.db.delete(jobSchedules);
});
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.stop()));
});

function createEngine(options: Partial<JobEngineOptions> = {}): JobEngine {
  const engine = createJobEngine({
    db: database.db,
    log: silentLogger(),
    owner: createServerInstance().id,
    concurrency: { fast: 1, heavy: 0 },
    pollIntervalMs: 20,
    ...options,
  });
  engines.push(engine);
  return engine;
}

async function readSchedule(name: string): Promise<JobScheduleRow> {
  const [row] = await database.db.select().from(jobSchedules).where(eq(jobSchedules.name, name));
  if (!row) throw new Error(`no schedule ${name}`);
  return row;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The gaps between successive times, sorted. */
function gapsBetween(times: number[]): number[] {
  const sorted = times.toSorted((a, b) => a - b);
  return sorted.slice(1).map((time, index) => time - sorted[index]!);
}

// A run's start, as the handler's clock sees it, may lag its claim by a moment on a busy machine.
const CLOCK_SLACK_MS = 100;

describe('schedules', () => {
  it('runs a schedule once per interval when two servers run it', async () => {
    const intervalMs = 250;
    const runs: { server: string; at: number }[] = [];
    for (const [server, handle] of [
      ['first', database],
      ['second', otherServer],
    ] as const) {
      const engine = createEngine({ db: handle.db });
      engine.every('tick', intervalMs, async () => {
        runs.push({ server, at: await readClaimTime(handle.db, 'tick') });
      });
      await engine.start();
    }
    const startedAt = Date.now();
    await sleep(12 * intervalMs);
    await Promise.all(engines.splice(0).map((engine) => engine.stop()));
    const elapsed = Date.now() - startedAt;

    // At once, then once an interval (plus a poll at most): never twice in one.
    expect(Math.min(...gapsBetween(runs.map((run) => run.at)))).toBeGreaterThanOrEqual(intervalMs);
    expect(runs.length).toBeLessThanOrEqual(Math.floor(elapsed / intervalMs) + 1);
    expect(runs.length).toBeGreaterThanOrEqual(8);
    expect((await readSchedule('tick')).runs).toBe(runs.length);
  });

  it('never runs a schedule twice at once, even when a run outlasts its interval', async () => {
    let running = 0;
    let mostAtOnce = 0;
    let finished = 0;
    const slowTick = async () => {
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      await sleep(300);
      running--;
      finished++;
    };
    for (const handle of [database, otherServer]) {
      const engine = createEngine({ db: handle.db });
      engine.every('slow', 50, slowTick);
      await engine.start();
    }
    await waitFor(async () => (finished >= 3 ? true : undefined));
    expect(mostAtOnce).toBe(1);
  });

  it('keeps its rhythm across a restart: a schedule that just ran does not run again at start', async () => {
    const hourly: string[] = [];
    const first = createEngine();
    first.every('hourly', 3_600_000, async () => void hourly.push('first'));
    await first.start();
    await waitFor(async () => (hourly.length === 1 ? true : undefined));
    const { nextRunAt } = await readSchedule('hourly');
    await first.stop();

    const second = createEngine({ db: otherServer.db });
    second.every('hourly', 3_600_000, async () => void hourly.push('second'));
    await second.start();
    await sleep(300);
    expect(hourly).toEqual(['first']);
    expect((await readSchedule('hourly')).nextRunAt).toEqual(nextRunAt);
    // It was due an hour after the first run, as the row remembers.
    expect(nextRunAt.getTime() - Date.now()).toBeGreaterThan(3_500_000);
  });

  it('takes a shorter interval at the next start at once, not after the old one', async () => {
    const first = createEngine();
    let runs = 0;
    first.every('sweep', 3_600_000, async () => void runs++);
    await first.start();
    await waitFor(async () => (runs === 1 ? true : undefined));
    await first.stop();

    const second = createEngine();
    second.every('sweep', 100, async () => void runs++);
    await second.start();
    await waitFor(async () => (runs >= 3 ? true : undefined), { what: 'the shorter interval' });
    expect((await readSchedule('sweep')).intervalMs).toBe(100);
  });

  it('records a failed run and runs it again at the next interval', async () => {
    let attempts = 0;
    const engine = createEngine();
    engine.every('flaky', 150, async () => {
      attempts++;
      if (attempts === 1) throw new Error('the bucket did not answer');
    });
    await engine.start();
    await waitFor(async () => (attempts === 1 ? true : undefined));
    const failed = await waitFor(async () => {
      const row = await readSchedule('flaky');
      return row.lastFinishedAt ? row : undefined;
    });
    expect(failed).toMatchObject({ lastError: 'Error: the bucket did not answer', lockedBy: null });
    await waitFor(async () => {
      const row = await readSchedule('flaky');
      return row.runs >= 2 && row.lastFinishedAt && row.lastError === null ? row : undefined;
    });
  });

  it('waits for the lease of a run whose server died, then runs it at its next interval', async () => {
    const engine = createEngine({ db: otherServer.db, leaseMs: 400 });
    let ranAt = 0;
    engine.every('orphaned', 100, async () => {
      ranAt ||= Date.now();
    });
    // A server claims the schedule and dies: nobody finishes the run or renews its lease.
    await database.db.insert(jobSchedules).values({ name: 'orphaned', intervalMs: 100 });
    const crashed = await claimDueSchedule(database.db, { names: ['orphaned'], owner: 'dead', leaseMs: 400 });
    expect(crashed).toEqual({ name: 'orphaned', runs: 1 });
    const claimedAt = Date.now();
    await engine.start();
    await waitFor(async () => (ranAt ? true : undefined));
    expect(ranAt - claimedAt).toBeGreaterThanOrEqual(400 - CLOCK_SLACK_MS);
    expect((await readSchedule('orphaned')).lockedBy).not.toBe('dead');
  });

  it('on a database of its own (PGlite), runs at start again what a crash interrupted', async () => {
    await database.db.insert(jobSchedules).values({ name: 'interrupted', intervalMs: 3_600_000 });
    await claimDueSchedule(database.db, { names: ['interrupted'], owner: 'dead', leaseMs: 3_600_000 });
    let runs = 0;
    const engine = createEngine({ releaseAbandonedOnStart: true });
    engine.every('interrupted', 3_600_000, async () => void runs++);
    await engine.start();
    await waitFor(async () => (runs === 1 ? true : undefined), { timeoutMs: 5_000 });
  });

  it('gives back, due now, a run that shutdown interrupted', async () => {
    const engine = createEngine({ shutdownGraceMs: 100 });
    let isRunning = false;
    engine.every('endless', 3_600_000, ({ signal }) => {
      isRunning = true;
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
    });
    await engine.start();
    await waitFor(async () => (isRunning ? true : undefined));
    await engine.stop();
    const row = await readSchedule('endless');
    expect(row).toMatchObject({ lockedBy: null, lockedUntil: null, lastFinishedAt: null });
    const [{ isDue }] = (await database.db
      .select({ isDue: sql<boolean>`${jobSchedules.nextRunAt} <= now()` })
      .from(jobSchedules)
      .where(eq(jobSchedules.name, 'endless'))) as [{ isDue: boolean }];
    expect(isDue).toBe(true);
  });

  it('refuses a handler or schedule registered twice, or after the engine started', async () => {
    const engine = createEngine();
    engine.every('once', 1_000, async () => {});
    expect(() => engine.every('once', 1_000, async () => {})).toThrow(/registered already/);
    await engine.start();
    expect(() => engine.every('late', 1_000, async () => {})).toThrow(/before the job engine starts/);
  });

  // Two real processes need a database both can open: PostgreSQL. PGlite is one process
  // by design (its data folder is locked), which the tests above cover with two engines.
  if (isPostgres) {
    it('runs a schedule once per interval across two server processes', async () => {
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-schedules-'));
      const runsFile = path.join(folder, 'runs.txt');
      const intervalMs = 300;
      const durationMs = 6_000;
      try {
        const environment = {
          ...process.env,
          DATABASE_URL: databaseUrl!,
          RUNS_FILE: runsFile,
          TICK_INTERVAL_MS: String(intervalMs),
          // Both start their engines together, once both have loaded.
          START_AT: String(Date.now() + 4_000),
          DURATION_MS: String(durationMs),
        };
        const script = path.join(import.meta.dirname, 'test-schedule-process.ts');
        const exits = [1, 2].map(
          () =>
            new Promise<number | null>((resolve, reject) => {
              const child = spawn(process.execPath, ['--import', 'tsx', script], {
                env: environment,
                stdio: ['ignore', 'ignore', 'inherit'],
              });
              child.once('error', reject);
              child.once('exit', resolve);
            }),
        );
        expect(await Promise.all(exits)).toEqual([0, 0]);

        const runs = fs
          .readFileSync(runsFile, 'utf8')
          .trim()
          .split('\n')
          .map((line) => line.split(' ').map(Number) as [number, number]);
        const expectedRuns = durationMs / intervalMs;
        expect(runs.length).toBeLessThanOrEqual(expectedRuns + 1);
        expect(runs.length).toBeGreaterThanOrEqual(expectedRuns * 0.7);
        expect(Math.min(...gapsBetween(runs.map(([, at]) => at)))).toBeGreaterThanOrEqual(intervalMs);
        // Both processes competed for it, and each run was one claim.
        expect(new Set(runs.map(([pid]) => pid)).size).toBe(2);
        expect((await readSchedule('tick')).runs).toBe(runs.length);
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    }, 60_000);
  }
});
