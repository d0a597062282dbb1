import { and, asc, eq, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { type JobLane, jobs } from '../db/schema/index.ts';

/**
 * The jobs table as a queue. Every time is the database's `now()`, so the clocks of
 * several servers never have to agree. A claimed job carries its attempt number, which
 * fences every later write: a worker whose lease ran out (and whose job another worker
 * claimed again, with attempts + 1) can no longer mark it done, failed or queued.
 */

/** The payload as stored: the runner parses it with its kind's schema (define-job.ts) before running it. */
export type ClaimedJob = { id: number; kind: string; payload: unknown; attempts: number };

type JobRef = Pick<ClaimedJob, 'id' | 'attempts'>;

function inMilliseconds(milliseconds: number): SQL {
  return sql`now() + (${Math.round(milliseconds)}::integer * interval '1 millisecond')`;
}

/**
 * Takes the next due job of the given kinds in `lane`, if any: queued and due, or running
 * with an expired lease (its worker died). Accounts take turns: the job goes to the account
 * this lane served least recently (one never served first), and among its jobs to the
 * oldest; so one account's ten videos wait behind another's one instead of in front of it.
 * FOR UPDATE SKIP LOCKED lets concurrent claimers, in any process, pass over a row another
 * one is taking instead of waiting for it or taking it twice.
 */
export async function claimNextJob(
  db: Db,
  options: { kinds: readonly string[]; lane: JobLane; leaseMs: number },
): Promise<ClaimedJob | null> {
  if (options.kinds.length === 0) return null;
  const served = alias(jobs, 'served');
  const lastServedAt = sql`(
    select max(${served.startedAt}) from ${jobs} as ${sql.identifier('served')}
    where ${served.lane} = ${jobs.lane} and ${served.accountId} = ${jobs.accountId}
  )`;
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.lane, options.lane),
        inArray(jobs.kind, [...options.kinds]),
        or(
          and(eq(jobs.status, 'queued'), lte(jobs.runAfter, sql`now()`)),
          and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, sql`now()`)),
        ),
      ),
    )
    .orderBy(sql`${lastServedAt} asc nulls first`, asc(jobs.runAfter), asc(jobs.id))
    .limit(1)
    .for('update', { of: jobs, skipLocked: true });
  const [job] = await db
    .update(jobs)
    .set({
      status: 'running',
      lockedUntil: inMilliseconds(options.leaseMs),
      attempts: sql`${jobs.attempts} + 1`,
      startedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(jobs.id, sql`(${due})`))
    .returning({ id: jobs.id, kind: jobs.kind, payload: jobs.payload, attempts: jobs.attempts });
  return job ?? null;
}

/** Whether this worker still holds the job (and now holds it for another lease). */
export async function extendJobLease(db: Db, job: JobRef, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ lockedUntil: inMilliseconds(leaseMs), updatedAt: sql`now()` })
    .where(isHeldBy(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export async function completeJob(db: Db, job: JobRef): Promise<boolean> {
  return updateHeldJob(db, job, { status: 'done', lockedUntil: null });
}

/** Back to the queue, due after `delayMs`; the attempt counts. */
export async function retryJobLater(db: Db, job: JobRef, delayMs: number, error: string): Promise<boolean> {
  return updateHeldJob(db, job, {
    status: 'queued',
    lockedUntil: null,
    runAfter: inMilliseconds(delayMs),
    lastError: error,
  });
}

export async function failJob(db: Db, job: JobRef, error: string): Promise<boolean> {
  return updateHeldJob(db, job, {
    status: 'failed',
    lockedUntil: null,
    lastError: error,
  });
}

/** Gives the job back untouched, due now: a shutdown interrupted it, so the attempt does not count. */
export async function releaseJob(db: Db, job: JobRef): Promise<boolean> {
  return updateHeldJob(db, job, {
    status: 'queued',
    lockedUntil: null,
    runAfter: sql`now()`,
    attempts: sql`${jobs.attempts} - 1`,
  });
}

/**
 * Queues again every job marked running. Only for a database no other process uses
 * (PGlite, whose data folder this process has locked): whatever is running there was
 * left by a process that died, so it need not wait for its lease to run out. The
 * interrupted attempt counts, so a file that kills the server every time is given up.
 */
export async function requeueAbandonedJobs(db: Db): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ status: 'queued', lockedUntil: null, runAfter: sql`now()`, updatedAt: sql`now()` })
    .where(eq(jobs.status, 'running'))
    .returning({ id: jobs.id });
  return rows.length;
}

/** Finished jobs are only history: they go after a week, so the queue stays small. */
export async function pruneDoneJobs(db: Db, olderThanDays = 7): Promise<void> {
  await db
    .delete(jobs)
    .where(
      and(
        eq(jobs.status, 'done'),
        lt(jobs.updatedAt, sql`now() - ${olderThanDays}::integer * interval '1 day'`),
      ),
    );
}

function isHeldBy(job: JobRef): SQL {
  return and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts))!;
}

async function updateHeldJob(db: Db, job: JobRef, values: PgUpdateSetSource<typeof jobs>): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(isHeldBy(job))
    .returning({ id: jobs.id });
  return rows.length > 0;
}
