import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import {
  type ClaimedSchedule,
  claimDueSchedule,
  extendScheduleLease,
  finishScheduleRun,
  registerSchedule,
  releaseAbandonedSchedules,
  releaseScheduleRun,
} from './schedule-queue.ts';
import { createWakeableSleep, describeError, settlesWithin } from './worker-support.ts';

export type ScheduleContext = {
  /** Aborted when the run loses its lease or the server stops. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
};

/**
 * Recurring work that must happen once per interval across all the servers (a sweep, a
 * reconciliation). It may be cut short by a crash: the next interval's run picks up what
 * is left, so it must be idempotent.
 */
export type Schedule = {
  name: string;
  intervalMs: number;
  run(context: ScheduleContext): Promise<void>;
};

export type ScheduleRunnerOptions = {
  db: Db;
  log: FastifyBaseLogger;
  /** Read at start. */
  schedules: ReadonlyMap<string, Schedule>;
  /** Who runs them: this process's server instance id, recorded in locked_by. */
  owner: string;
  /** How long a run holds its schedule without news; renewed every third of it. */
  leaseMs?: number;
  /** How long the runner waits, on average, before looking for due schedules again. */
  pollIntervalMs?: number;
  /** How long stop() lets runs finish before interrupting them. */
  shutdownGraceMs?: number;
  /** Free at start every schedule a run holds: only when no other process shares the database. */
  releaseAbandonedOnStart?: boolean;
};

export type ScheduleRunner = {
  start(): Promise<void>;
  /** Stops claiming, lets runs finish within the grace period, interrupts and releases the rest. */
  stop(): Promise<void>;
  /** Looks for due schedules now instead of at the next poll. */
  wake(): void;
};

const DEFAULTS = { leaseMs: 30_000, pollIntervalMs: 1_000, shutdownGraceMs: 5_000 };
// After the grace period, how long interrupted runs get to notice the abort.
const ABORT_GRACE_MS = 2_000;

class ShutdownAbort extends Error {}
class LeaseLost extends Error {}

/**
 * One loop per process claims due schedules and runs each as soon as it is claimed, so a
 * long sweep does not hold back a reconciliation that falls due meanwhile; a schedule never
 * runs twice at once, as its lease keeps it claimed while it runs.
 */
export function createScheduleRunner(options: ScheduleRunnerOptions): ScheduleRunner {
  const { db, log, schedules, owner } = options;
  const leaseMs = options.leaseMs ?? DEFAULTS.leaseMs;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULTS.pollIntervalMs;
  const shutdownGraceMs = options.shutdownGraceMs ?? DEFAULTS.shutdownGraceMs;
  const { sleep, wake } = createWakeableSleep();
  const runs = new Map<Promise<void>, AbortController>();
  let names: string[] = [];
  let isStopping = false;
  let loop: Promise<void> | undefined;

  async function claimLoop(): Promise<void> {
    while (!isStopping) {
      let claimed: ClaimedSchedule | null = null;
      try {
        claimed = await claimDueSchedule(db, { names, owner, leaseMs });
      } catch (error) {
        // The database may be briefly away; the loop must outlive it.
        log.error({ err: error }, 'could not claim a scheduled job');
      }
      if (claimed) {
        const controller = new AbortController();
        const run = runSchedule(claimed, controller).finally(() => runs.delete(run));
        runs.set(run, controller);
        // Another may be due too: look again at once.
      } else if (!isStopping) {
        // Spread out, so processes that started together do not keep polling in step.
        await sleep(pollIntervalMs * (0.5 + Math.random()));
      }
    }
  }

  async function runSchedule(claimed: ClaimedSchedule, controller: AbortController): Promise<void> {
    const schedule = schedules.get(claimed.name)!;
    const runLog = log.child({ schedule: claimed.name, run: claimed.runs });
    const heartbeat = setInterval(() => {
      extendScheduleLease(db, claimed, leaseMs).then(
        (isHeld) => {
          if (!isHeld) controller.abort(new LeaseLost('another server took the schedule over'));
        },
        (error: unknown) => runLog.warn({ err: error }, 'could not extend the lease of a scheduled job'),
      );
    }, leaseMs / 3);
    let failure: string | null = null;
    try {
      await schedule.run({ signal: controller.signal, log: runLog });
    } catch (error) {
      failure = describeError(error);
      if (!(controller.signal.reason instanceof ShutdownAbort))
        runLog.error({ err: error }, 'scheduled job failed; it runs again at its next interval');
    } finally {
      clearInterval(heartbeat);
    }
    try {
      if (controller.signal.reason instanceof ShutdownAbort) {
        await releaseScheduleRun(db, claimed);
        runLog.info('released a scheduled job interrupted by shutdown');
      } else await finishScheduleRun(db, claimed, failure);
    } catch (error) {
      // Its lease runs out; the schedule runs again at its next interval.
      runLog.error({ err: error }, 'could not record the outcome of a scheduled job');
    }
  }

  return {
    async start() {
      if (loop || schedules.size === 0) return;
      isStopping = false;
      names = [...schedules.keys()];
      for (const schedule of schedules.values()) await registerSchedule(db, schedule);
      if (options.releaseAbandonedOnStart) {
        const count = await releaseAbandonedSchedules(db);
        if (count > 0)
          log.info({ count }, 'made due again the scheduled jobs a previous run left unfinished');
      }
      loop = claimLoop().catch((error: unknown) => log.error({ err: error }, 'schedule runner stopped'));
    },

    async stop() {
      if (!loop) return;
      isStopping = true;
      wake();
      await loop;
      loop = undefined;
      const allFinished = Promise.all(runs.keys());
      if (!(await settlesWithin(allFinished, shutdownGraceMs))) {
        for (const controller of runs.values()) controller.abort(new ShutdownAbort('the server is stopping'));
        if (!(await settlesWithin(allFinished, ABORT_GRACE_MS))) {
          // Its lease runs out and the schedule runs again at its next interval.
          log.warn('a scheduled job did not stop in time');
        }
      }
    },

    wake,
  };
}
