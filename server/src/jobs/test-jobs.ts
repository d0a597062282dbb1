import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { type JobRow, jobs } from '../db/schema/index.ts';

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
