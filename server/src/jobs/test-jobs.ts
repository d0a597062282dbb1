import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { type JobRow, type JobScheduleRow, jobSchedules, jobs } from '../db/schema/index.ts';

/** A logger that says nothing: the runner's log lines are not what these tests check. */
export function silentLogger(): FastifyBaseLogger {
  const noop = () => {};
  const logger = {
    level: 'silent',
    fatal: noop,
    error: noop,
    warn: noop,
    info: noop,
    debug: noop,
    trace: noop,
    silent: noop,
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
}

export async function readJob(db: Db, id: number): Promise<JobRow> {
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
  if (!job) throw new Error(`no job ${id}`);
  return job;
}

/** Polls until `check` gives a value (not undefined), or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined>,
  { timeoutMs = 10_000, what = 'the condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function waitForJobStatus(
  db: Db,
  id: number,
  status: JobRow['status'],
  timeoutMs = 10_000,
): Promise<JobRow> {
  return waitFor(
    async () => {
      const job = await readJob(db, id);
      return job.status === status ? job : undefined;
    },
    { timeoutMs, what: `job ${id} to be ${status}` },
  );
}

/**
 * Runs a schedule the app registered now rather than at its next interval, through the
 * app's own engine (as a server would), and waits until that run has finished.
 */
export async function runScheduleNow(
  app: FastifyInstance,
  name: string,
  timeoutMs = 10_000,
): Promise<JobScheduleRow> {
  await app.ready();
  const [before] = await app.db
    .update(jobSchedules)
    .set({ nextRunAt: sql`now()` })
    .where(eq(jobSchedules.name, name))
    .returning();
  if (!before) throw new Error(`no schedule '${name}': is it registered, and does this app run jobs?`);
  app.jobs.wake();
  return waitFor(
    async () => {
      const [row] = await app.db.select().from(jobSchedules).where(eq(jobSchedules.name, name));
      return row && row.runs > before.runs && row.lockedUntil === null ? row : undefined;
    },
    { timeoutMs, what: `schedule '${name}' to run` },
  );
}

/**
 * When the run in progress was claimed, by the database's clock: while it runs, its claim
 * holds the row, so last_started_at is its own. (The handler's own clock would add the
 * claim's round trip, which varies.)
 */
export async function readClaimTime(db: Db, name: string): Promise<number> {
  const [row] = await db
    .select({ at: jobSchedules.lastStartedAt })
    .from(jobSchedules)
    .where(eq(jobSchedules.name, name));
  return row!.at!.getTime();
}
