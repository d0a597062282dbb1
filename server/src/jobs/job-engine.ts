import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { JobLane } from '../db/schema/index.ts';
import type { JobPayload, JobType } from './define-job.ts';
import { pruneDoneJobs } from './job-queue.ts';
import { createJobRunner, type JobHandler, type JobRunnerOptions, type RunnableJob } from './job-runner.ts';
import { createScheduleRunner, type Schedule, type ScheduleContext } from './schedule-runner.ts';

export type JobEngineOptions = {
  db: Db;
  log: FastifyBaseLogger;
  /** This process's server instance id: who holds a schedule while running it. */
  owner: string;
  /** Jobs run at once by this process, per lane; 0 in every lane: it runs no jobs nor schedules. */
  concurrency: Record<JobLane, number>;
  /** Only when no other process shares the database (PGlite): what is marked running was left by a crash. */
  releaseAbandonedOnStart?: boolean;
  pollIntervalMs?: number;
} & Pick<JobRunnerOptions, 'leaseMs' | 'backoff' | 'shutdownGraceMs'>;

/**
 * The job engine of one process: durable jobs from the jobs table and recurring schedules,
 * both shared with every other process on the database. It knows no feature: each module
 * gives it its handlers and schedules when it registers (before start).
 */
export type JobEngine = {
  /** Whether this process runs jobs and schedules: JOB_CONCURRENCY=0 makes a web-only process. */
  readonly isEnabled: boolean;
  /**
   * Runs the jobs of this kind queued by `job.enqueue` (define-job.ts), each with its payload
   * parsed by the kind's schema: one that does not fit is failed, not run.
   */
  handle<Payload extends JobPayload>(job: JobType<Payload>, handler: JobHandler<Payload>): void;
  /**
   * Runs `run` once every `intervalMs` across all the processes on the database: the first
   * time at once (when the schedule is new), then an interval after each start of a run.
   * The rhythm is kept in the database, so restarts do not run it more often.
   */
  every(name: string, intervalMs: number, run: (context: ScheduleContext) => Promise<void>): void;
  start(): Promise<void>;
  /** Stops claiming, lets running work finish within a grace period, releases the rest. */
  stop(): Promise<void>;
  /** Looks for due jobs and schedules now instead of at the next poll. */
  wake(): void;
};

/** Finished jobs are only history: they are pruned hourly and go after a week. */
const PRUNE_DONE_JOBS_EVERY_MS = 60 * 60_000;

export function createJobEngine(options: JobEngineOptions): JobEngine {
  const handlers = new Map<string, RunnableJob>();
  const schedules = new Map<string, Schedule>();
  const isEnabled = options.concurrency.fast + options.concurrency.heavy > 0;
  let isStarted = false;
  const jobRunner = createJobRunner({
    ...options,
    handlers,
    requeueAbandonedOnStart: options.releaseAbandonedOnStart,
  });
  const scheduleRunner = createScheduleRunner({
    ...options,
    schedules,
    releaseAbandonedOnStart: options.releaseAbandonedOnStart,
  });

  const assertNotStarted = (what: string) => {
    if (isStarted) throw new Error(`${what} must be registered before the job engine starts`);
  };

  const engine: JobEngine = {
    isEnabled,

    handle(job, handler) {
      assertNotStarted(`The handler of '${job.kind}'`);
      if (handlers.has(job.kind)) throw new Error(`Job kind '${job.kind}' has a handler already`);
      handlers.set(job.kind, { ...(handler as JobHandler<never>), schema: job.schema });
    },

    every(name, intervalMs, run) {
      assertNotStarted(`The schedule '${name}'`);
      if (schedules.has(name)) throw new Error(`Schedule '${name}' is registered already`);
      if (!(intervalMs >= 1)) throw new Error(`Schedule '${name}' needs an interval of at least 1 ms`);
      schedules.set(name, { name, intervalMs, run });
    },

    async start() {
      isStarted = true;
      if (!isEnabled) return;
      await jobRunner.start();
      await scheduleRunner.start();
    },

    async stop() {
      await Promise.all([jobRunner.stop(), scheduleRunner.stop()]);
    },

    wake() {
      jobRunner.wake();
      scheduleRunner.wake();
    },
  };
  engine.every('prune-done-jobs', PRUNE_DONE_JOBS_EVERY_MS, () => pruneDoneJobs(options.db));
  return engine;
}
