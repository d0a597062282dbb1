import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Database, openPostgres } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { defineJob } from './define-job.ts';
import { claimNextJob, completeJob } from './job-queue.ts';
import {
  createJobRunner,
  type JobHandler,
  type JobRunner,
  type JobRunnerOptions,
  PermanentJobError,
} from './job-runner.ts';
import { readJob, silentLogger, waitFor, waitForJobStatus } from './test-jobs.ts';

// Two handles on one database: on PostgreSQL two connection pools, as two servers would
// have; PGlite is one connection in one process, so there both are the same.
let database: Database;
let otherServer: Database;
let dispose = async () => {};
beforeAll(async () => {
  const testDatabase = await createTestDatabase();
  database = testDatabase.database;
  otherServer = testDatabase.url ? await openPostgres(testDatabase.url) : database;
  dispose = async () => {
    if (otherServer !== database) await otherServer.close();
    await testDatabase.dispose();
  };
});
afterAll(() => dispose());

const runners: JobRunner[] = [];
beforeEach(async () => {
  await database.db.delete(jobs);
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});

// A kind of the tests' own: the engine knows no feature's jobs.
const testJob = defineJob('test-job', z.object({ name: z.string().min(1) }));
type Handler = JobHandler<{ name: string }>;

function startRunner(handler: Handler, options: Partial<JobRunnerOptions> = {}): JobRunner {
  const runner = createJobRunner({
    db: database.db,
    log: silentLogger(),
    handlers: new Map([[testJob.kind, { ...handler, schema: testJob.schema }]]),
    concurrency: { fast: 1, heavy: 0 },
    pollIntervalMs: 20,
    backoff: { baseMs: 100, maxMs: 1_000 },
    ...options,
  });
  runners.push(runner);
  void runner.start();
  return runner;
}

const enqueue = (name: string, db = database.db) => testJob.enqueue(db, { name });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('background jobs', () => {
  it('runs each job exactly once when two servers work the same queue', async () => {
    const ids = await Promise.all(Array.from({ length: 16 }, (_, index) => enqueue(`job-${index}`)));
    const runs: string[] = [];
    const handler: Handler = {
      run: async ({ name }) => {
        runs.push(name);
        await sleep(10);
      },
    };
    startRunner(handler, { concurrency: { fast: 2, heavy: 0 } });
    startRunner(handler, { concurrency: { fast: 2, heavy: 0 }, db: otherServer.db });

    for (const id of ids) await waitForJobStatus(database.db, id, 'done');
    expect(runs.toSorted()).toEqual(Array.from({ length: 16 }, (_, index) => `job-${index}`).toSorted());
    const attempts = await database.db.select({ attempts: jobs.attempts }).from(jobs);
    expect(attempts.every((row) => row.attempts === 1)).toBe(true);
  });

  it('gives a due job to one of many claimers at the same moment', async () => {
    const id = await enqueue('contested');
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        claimNextJob(index % 2 ? otherServer.db : database.db, {
          kinds: [testJob.kind],
          lane: 'fast',
          leaseMs: 60_000,
        }),
      ),
    );
    expect(claims.filter((claim) => claim !== null).map((claim) => claim!.id)).toEqual([id]);
  });

  it('runs a job again after the worker that claimed it crashed', async () => {
    const id = await enqueue('interrupted');
    // A worker claims the job and dies: nobody finishes it or renews its lease.
    const crashed = await claimNextJob(database.db, { kinds: [testJob.kind], lane: 'fast', leaseMs: 400 });
    expect(crashed?.id).toBe(id);
    const claimedAt = Date.now();

    // The restarted server shares the database with others, so it waits for the lease.
    let ranAt = 0;
    const run = async () => {
      ranAt = Date.now();
    };
    startRunner({ run }, { db: otherServer.db, leaseMs: 400 });
    const job = await waitForJobStatus(database.db, id, 'done');
    expect(ranAt - claimedAt).toBeGreaterThanOrEqual(300);
    expect(job.attempts).toBe(2);
  });

  it('queues abandoned jobs at once when the database is its own (PGlite)', async () => {
    const id = await enqueue('abandoned');
    await claimNextJob(database.db, { kinds: [testJob.kind], lane: 'fast', leaseMs: 60 * 60_000 });
    const startedAt = Date.now();
    startRunner({ run: async () => {} }, { requeueAbandonedOnStart: true });
    const job = await waitForJobStatus(database.db, id, 'done');
    // Long before the hour-long lease would have run out.
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(job.attempts).toBe(2);
  });

  it('tries a failing job again with growing delays, keeping the last error', async () => {
    const id = await enqueue('flaky');
    const attemptsAt: number[] = [];
    startRunner({
      run: async (_payload, { attempt }) => {
        attemptsAt.push(Date.now());
        if (attempt < 3) throw new Error(`store unavailable (try ${attempt})`);
      },
    });
    const job = await waitForJobStatus(database.db, id, 'done');
    expect(job.attempts).toBe(3);
    expect(job.lastError).toBe('Error: store unavailable (try 2)');
    // Backoff 100 ms after the first failure, 200 ms after the second.
    expect(attemptsAt[1]! - attemptsAt[0]!).toBeGreaterThanOrEqual(90);
    expect(attemptsAt[2]! - attemptsAt[1]!).toBeGreaterThanOrEqual(190);
  });

  it('gives a job up after its last try, records why, and says so once', async () => {
    const id = await enqueue('hopeless');
    const givenUp: unknown[] = [];
    startRunner({
      maxAttempts: 2,
      run: async (_payload, { attempt }) => {
        throw new Error(`boom ${attempt}`);
      },
      onGiveUp: async (payload, error) => void givenUp.push([payload, (error as Error).message]),
    });
    const job = await waitForJobStatus(database.db, id, 'failed');
    expect(job).toMatchObject({ attempts: 2, lastError: 'Error: boom 2', lockedUntil: null });
    await sleep(150);
    expect(givenUp).toEqual([[{ name: 'hopeless' }, 'boom 2']]);
  });

  it('fails at once on an error that another try cannot mend', async () => {
    const id = await enqueue('not-a-video');
    startRunner({
      run: async () => {
        throw new PermanentJobError('not a video');
      },
    });
    const job = await waitForJobStatus(database.db, id, 'failed');
    expect(job).toMatchObject({ attempts: 1, lastError: 'PermanentJobError: not a video' });
  });

  it('fails a job whose payload does not fit its schema, without running it, and says which field', async () => {
    // As a version of the code that queued { title } instead of { name } would have left it.
    const [row] = await database.db
      .insert(jobs)
      .values({ kind: testJob.kind, payload: { title: 'old shape' } })
      .returning({ id: jobs.id });
    const fits = await enqueue('new shape');
    const runs: string[] = [];
    const givenUp: unknown[] = [];
    startRunner({
      run: async ({ name }) => void runs.push(name),
      onGiveUp: async (payload) => void givenUp.push(payload),
    });

    const refused = await waitForJobStatus(database.db, row!.id, 'failed');
    expect(refused.attempts).toBe(1);
    expect(refused.lastError).toMatch(
      /^InvalidJobPayload: the payload does not fit the schema of 'test-job'/,
    );
    expect(refused.lastError).toMatch(/at name/);
    await waitForJobStatus(database.db, fits, 'done');
    expect(runs).toEqual(['new shape']);
    expect(givenUp).toEqual([]);
  });

  it('gives up a job whose workers kept dying while running it', async () => {
    const id = await enqueue('crashes-the-server');
    for (let crash = 0; crash < 2; crash++) {
      await claimNextJob(database.db, { kinds: [testJob.kind], lane: 'fast', leaseMs: 1 });
      await sleep(5);
    }
    let runs = 0;
    startRunner({ maxAttempts: 2, run: async () => void runs++ });
    const job = await waitForJobStatus(database.db, id, 'failed');
    expect(runs).toBe(0);
    expect(job.lastError).toMatch(/stopped 2 times without finishing/);
  });

  it('keeps a long job its own by renewing the lease', async () => {
    const id = await enqueue('long');
    let runs = 0;
    const handler: Handler = {
      run: async () => {
        runs++;
        await sleep(2_500);
      },
    };
    // The job outlasts its lease more than twice; renewals every third of it keep it.
    startRunner(handler, { leaseMs: 1_000 });
    startRunner(handler, { leaseMs: 1_000, db: otherServer.db });
    const job = await waitForJobStatus(database.db, id, 'done');
    expect(runs).toBe(1);
    expect(job.attempts).toBe(1);
  });

  it('lets the job in hand finish when stopping', async () => {
    const id = await enqueue('finishing');
    let isRunning = false;
    const runner = startRunner(
      {
        run: async () => {
          isRunning = true;
          await sleep(200);
        },
      },
      { shutdownGraceMs: 5_000 },
    );
    await waitFor(async () => (isRunning ? true : undefined));
    await runner.stop();
    expect(await readJob(database.db, id)).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('releases a job that does not finish in the grace period, and another server runs it', async () => {
    const id = await enqueue('too-slow');
    let isRunning = false;
    const runner = startRunner(
      {
        run: (_payload, { signal }) => {
          isRunning = true;
          return new Promise((_resolve, reject) =>
            signal.addEventListener('abort', () => reject(signal.reason)),
          );
        },
      },
      { shutdownGraceMs: 100 },
    );
    await waitFor(async () => (isRunning ? true : undefined));
    await runner.stop();
    // Released as if never tried: a shutdown is not the job's fault.
    expect(await readJob(database.db, id)).toMatchObject({
      status: 'queued',
      attempts: 0,
      lockedUntil: null,
    });

    startRunner({ run: async () => {} }, { db: otherServer.db });
    expect((await waitForJobStatus(database.db, id, 'done')).attempts).toBe(1);
  });

  it('does not let a worker that lost its lease finish the job of another', async () => {
    const id = await enqueue('fenced');
    const first = await claimNextJob(database.db, {
      kinds: [testJob.kind],
      lane: 'fast',
      leaseMs: 60_000,
    });
    await database.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));
    const second = await claimNextJob(otherServer.db, {
      kinds: [testJob.kind],
      lane: 'fast',
      leaseMs: 60_000,
    });
    expect(second).toMatchObject({ id, attempts: 2 });

    expect(await completeJob(database.db, first!)).toBe(false);
    expect(await readJob(database.db, id)).toMatchObject({ status: 'running', attempts: 2 });
    expect(await completeJob(otherServer.db, second!)).toBe(true);
    expect((await readJob(database.db, id)).status).toBe('done');
  });

  it('leaves jobs that are not due yet in the queue', async () => {
    const id = await enqueue('later');
    await database.db.update(jobs).set({ runAfter: sql`now() + interval '1 hour'` }).where(eq(jobs.id, id));
    expect(
      await claimNextJob(database.db, { kinds: [testJob.kind], lane: 'fast', leaseMs: 1_000 }),
    ).toBeNull();
  });

  it("takes turns between accounts: one account's five videos do not all go before another's one", async () => {
    const heavy = (name: string, accountId: string) =>
      testJob.enqueue(database.db, { name }, { lane: 'heavy', accountId });
    for (let index = 1; index <= 5; index++) await heavy(`a-${index}`, 'account-a');
    await heavy('b-1', 'account-b');
    const runs: string[] = [];
    startRunner(
      {
        run: async ({ name }) => {
          runs.push(name);
          await sleep(5);
        },
      },
      { concurrency: { fast: 0, heavy: 1 } },
    );
    await waitFor(async () => (runs.length === 6 ? true : undefined));
    // A's oldest went first; B had not been served yet, so its one video came next.
    expect(runs).toEqual(['a-1', 'b-1', 'a-2', 'a-3', 'a-4', 'a-5']);
  });

  it('runs each lane on its own workers: a quick job does not wait behind a long one', async () => {
    await testJob.enqueue(database.db, { name: 'video' }, { lane: 'heavy' });
    let isVideoRunning = false;
    let isVideoDone = false;
    const photoDoneWhile: boolean[] = [];
    startRunner(
      {
        run: async ({ name }) => {
          if (name === 'photo') {
            photoDoneWhile.push(isVideoDone);
            return;
          }
          isVideoRunning = true;
          await sleep(1_500);
          isVideoDone = true;
        },
      },
      { concurrency: { fast: 1, heavy: 1 } },
    );
    await waitFor(async () => (isVideoRunning ? true : undefined));
    const photo = await testJob.enqueue(database.db, { name: 'photo' }, { lane: 'fast' });
    await waitForJobStatus(database.db, photo, 'done');
    expect(photoDoneWhile).toEqual([false]);
  });
});
