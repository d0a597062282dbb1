import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobSchedules } from '../db/schema/index.ts';

/**
 * The job_schedules table: one row a recurring job, shared by every server process. As in
 * the jobs table, every time is the database's `now()`, and a claim is one statement whose
 * `FOR UPDATE SKIP LOCKED` lets concurrent claimers, in any process, pass over a row
 * another one is taking. The claim moves next_run_at one interval on, so a second claimer
 * that reads the row after the first committed finds it no longer due: each interval's run
 * happens once, whatever the number of processes.
 */

export type ClaimedSchedule = { name: string; runs: number };

function inMilliseconds(milliseconds: number | SQL): SQL {
  const amount = typeof milliseconds === 'number' ? sql`${Math.round(milliseconds)}::integer` : milliseconds;
  return sql`now() + (${amount} * interval '1 millisecond')`;
}

/**
 * Creates the schedule's row, due now, or brings an existing one up to date: a shorter
 * interval than the one the row was made with takes effect now, not after the old one.
 */
export async function registerSchedule(
  db: Db,
  schedule: { name: string; intervalMs: number },
): Promise<void> {
  await db
    .insert(jobSchedules)
    .values({ name: schedule.name, intervalMs: schedule.intervalMs })
    .onConflictDoUpdate({
      target: jobSchedules.name,
      set: {
        intervalMs: schedule.intervalMs,
        nextRunAt: sql`least(${jobSchedules.nextRunAt}, ${inMilliseconds(schedule.intervalMs)})`,
      },
    });
}

/**
 * Takes one due schedule of the given names, if any: its next run has come and no live run
 * holds it (a run whose lease ran out died with its process). The claim sets the next run
 * one interval from now and leases this one to `owner`.
 */
export async function claimDueSchedule(
  db: Db,
  options: { names: readonly string[]; owner: string; leaseMs: number },
): Promise<ClaimedSchedule | null> {
  if (options.names.length === 0) return null;
  const due = db
    .select({ name: jobSchedules.name })
    .from(jobSchedules)
    .where(
      and(
        inArray(jobSchedules.name, [...options.names]),
        lte(jobSchedules.nextRunAt, sql`now()`),
        or(isNull(jobSchedules.lockedUntil), lt(jobSchedules.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(jobSchedules.nextRunAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(jobSchedules)
    .set({
      nextRunAt: inMilliseconds(sql`${jobSchedules.intervalMs}`),
      runs: sql`${jobSchedules.runs} + 1`,
      lastStartedAt: sql`now()`,
      lockedBy: options.owner,
      lockedUntil: inMilliseconds(options.leaseMs),
    })
    .where(eq(jobSchedules.name, sql`(${due})`))
    .returning({ name: jobSchedules.name, runs: jobSchedules.runs });
  return claimed ?? null;
}

/** Whether this run still holds the schedule (and now holds it for another lease). */
export async function extendScheduleLease(db: Db, run: ClaimedSchedule, leaseMs: number): Promise<boolean> {
  const rows = await db
    .update(jobSchedules)
    .set({ lockedUntil: inMilliseconds(leaseMs) })
    .where(isHeldBy(run))
    .returning({ name: jobSchedules.name });
  return rows.length > 0;
}

/** Records how the run ended (error: null when it succeeded) and lets the schedule go. */
export async function finishScheduleRun(db: Db, run: ClaimedSchedule, error: string | null): Promise<void> {
  await db
    .update(jobSchedules)
    .set({ lastFinishedAt: sql`now()`, lastError: error, lockedBy: null, lockedUntil: null })
    .where(isHeldBy(run));
}

/** Lets the schedule go, due again now: a shutdown interrupted the run, so it is not the schedule's turn lost. */
export async function releaseScheduleRun(db: Db, run: ClaimedSchedule): Promise<void> {
  await db
    .update(jobSchedules)
    .set({ nextRunAt: sql`now()`, lockedBy: null, lockedUntil: null })
    .where(isHeldBy(run));
}

/**
 * Makes every schedule a run holds due again now. Only for a database no other process
 * uses (PGlite, whose data folder this process has locked): such a run was left by a
 * process that died, so its rest need not wait for the lease nor the next interval.
 */
export async function releaseAbandonedSchedules(db: Db): Promise<number> {
  const rows = await db
    .update(jobSchedules)
    .set({ nextRunAt: sql`now()`, lockedBy: null, lockedUntil: null })
    .where(isNotNull(jobSchedules.lockedUntil))
    .returning({ name: jobSchedules.name });
  return rows.length;
}

function isHeldBy(run: ClaimedSchedule): SQL {
  return and(eq(jobSchedules.name, run.name), eq(jobSchedules.runs, run.runs))!;
}
