import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { JOB_LANES, type JobLane } from '../db/schema/index.ts';
import {
  type ClaimedJob,
  claimNextJob,
  completeJob,
  extendJobLease,
  failJob,
  releaseJob,
  requeueAbandonedJobs,
  retryJobLater,
} from './job-queue.ts';
import { createWakeableSleep, describeError, settlesWithin } from './worker-support.ts';

export type JobContext = {
  /** Aborted when the worker loses the job (lease taken over) or must stop (shutdown). */
  signal: AbortSignal;
  /** 1 on the first try. */
  attempt: number;
  log: FastifyBaseLogger;
};

export type JobHandler<Payload> = {
  run(payload: Payload, context: JobContext): Promise<void>;
  /** Called once when the job is given up (failed for good), to tell whoever waits for it. */
  onGiveUp?(payload: Payload, error: unknown): Promise<void>;
  /** Tries in all, crashes included; 5 unless said. */
  maxAttempts?: number;
};

/**
 * A kind this process runs: its handler, and the schema of its payload from its definition
 * (define-job.ts). The payload is typed where the job is defined and handled
 * (JobEngine.handle); here it is parsed with the schema and passed on.
 */
export type RunnableJob = JobHandler<never> & { schema: z.ZodType };

/** The kinds this process runs, by kind. */
export type JobHandlers = ReadonlyMap<string, RunnableJob>;

/** Thrown by a handler when trying again cannot help (a file that is not a video). */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/**
 * A claimed job whose payload does not fit its kind's schema (queued by an older version of
 * the code, or written by hand): it is failed at once, without running, as no try can mend it.
 */
export class InvalidJobPayload extends PermanentJobError {
  override name = 'InvalidJobPayload';
}

export type JobRunnerOptions = {
  db: Db;
  log: FastifyBaseLogger;
  /** Read at start: a server only claims the kinds it can run. */
  handlers: JobHandlers;
  /**
   * Jobs run at once by this process, per lane: each lane has its own workers, which take
   * only that lane's jobs, so quick work never waits behind a long one.
   */
  concurrency: Record<JobLane, number>;
  /** How long a claimed job stays ours without news; renewed every third of it. */
  leaseMs?: number;
  /** How long an idle worker waits before looking for due jobs again. */
  pollIntervalMs?: number;
  /** Delay before try n + 1: baseMs × 2^(n−1), at most maxMs. */
  backoff?: { baseMs: number; maxMs: number };
  /** How long stop() lets running jobs finish before interrupting and releasing them. */
  shutdownGraceMs?: number;
  /** Queue every 'running' job at start: only when no other process shares the database. */
  requeueAbandonedOnStart?: boolean;
};

export type JobRunner = {
  start(): Promise<void>;
  /** Stops claiming, lets running jobs finish within the grace period, releases the rest. */
  stop(): Promise<void>;
  /** Looks for due jobs now instead of at the next poll. */
  wake(): void;
};

const DEFAULTS = {
  leaseMs: 30_000,
  pollIntervalMs: 1_000,
  backoff: { baseMs: 15_000, maxMs: 15 * 60_000 },
  shutdownGraceMs: 5_000,
  maxAttempts: 5,
};
// After the grace period, how long interrupted handlers get to notice the abort.
const ABORT_GRACE_MS = 2_000;

class ShutdownAbort extends Error {}
class LeaseLost extends Error {}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, log, handlers } = options;
  const leaseMs = options.leaseMs ?? DEFAULTS.leaseMs;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULTS.pollIntervalMs;
  const backoff = options.backoff ?? DEFAULTS.backoff;
  const shutdownGraceMs = options.shutdownGraceMs ?? DEFAULTS.shutdownGraceMs;
  let kinds: string[] = [];

  let isStopping = false;
  let loops: Promise<void>[] = [];
  const running = new Set<AbortController>();
  const { sleep, wake } = createWakeableSleep();

  async function workLoop(lane: JobLane): Promise<void> {
    while (!isStopping) {
      let job: ClaimedJob | null = null;
      try {
        job = await claimNextJob(db, { kinds, lane, leaseMs });
      } catch (error) {
        // The database may be briefly away; the loop must outlive it.
        log.error({ err: error }, 'could not claim a background job');
      }
      if (job) {
        // A failed status write leaves the job 'running': its lease runs out and it runs again.
        await runJob(job).catch((error: unknown) =>
          log.error({ err: error, jobId: job.id }, 'could not record the outcome of a background job'),
        );
      } else if (!isStopping) await sleep(pollIntervalMs);
    }
  }

  async function runJob(claimed: ClaimedJob): Promise<void> {
    const handler = handlers.get(claimed.kind)!;
    const maxAttempts = handler.maxAttempts ?? DEFAULTS.maxAttempts;
    const jobLog = log.child({ jobId: claimed.id, jobKind: claimed.kind, attempt: claimed.attempts });
    const parsed = handler.schema.safeParse(claimed.payload);
    if (!parsed.success) {
      await refuse(claimed, jobLog, parsed.error);
      return;
    }
    // From here on the payload is the parsed one, as the handler's type says.
    const job = { ...claimed, payload: parsed.data };
    if (job.attempts > maxAttempts) {
      // Claimed again after its worker died while running it, with no tries left.
      await giveUp(job, handler, jobLog, new Error(`stopped ${maxAttempts} times without finishing`));
      return;
    }

    const controller = new AbortController();
    running.add(controller);
    const heartbeat = setInterval(() => {
      extendJobLease(db, job, leaseMs).then(
        (isHeld) => {
          if (!isHeld) controller.abort(new LeaseLost('another worker took the job over'));
        },
        (error: unknown) => jobLog.warn({ err: error }, 'could not extend the lease of a job'),
      );
    }, leaseMs / 3);
    try {
      await handler.run(job.payload as never, {
        signal: controller.signal,
        attempt: job.attempts,
        log: jobLog,
      });
      if (!(await completeJob(db, job))) jobLog.warn('finished a job another worker had taken over');
    } catch (error) {
      const reason: unknown = controller.signal.reason;
      if (reason instanceof ShutdownAbort) {
        await releaseJob(db, job);
        jobLog.info('released a job interrupted by shutdown');
      } else if (reason instanceof LeaseLost) {
        jobLog.warn('lost the lease of a job: left to the worker that took it over');
      } else if (error instanceof PermanentJobError || job.attempts >= maxAttempts) {
        await giveUp(job, handler, jobLog, error);
      } else {
        const delayMs = Math.min(backoff.baseMs * 2 ** (job.attempts - 1), backoff.maxMs);
        await retryJobLater(db, job, delayMs, describeError(error));
        jobLog.warn({ err: error, retryInMs: delayMs }, 'background job failed; it will be tried again');
      }
    } finally {
      clearInterval(heartbeat);
      running.delete(controller);
    }
  }

  /**
   * Fails a job whose payload does not fit its schema, without running it nor telling its
   * onGiveUp (whose payload it is not): the error names each field that does not fit.
   */
  async function refuse(job: ClaimedJob, jobLog: FastifyBaseLogger, error: z.ZodError): Promise<void> {
    const refusal = new InvalidJobPayload(
      `the payload does not fit the schema of '${job.kind}': ${z.prettifyError(error)}`,
    );
    if (await failJob(db, job, describeError(refusal))) {
      jobLog.error({ err: refusal }, 'background job refused: its payload does not fit its schema');
    }
  }

  async function giveUp(
    job: ClaimedJob,
    handler: JobHandler<never>,
    jobLog: FastifyBaseLogger,
    error: unknown,
  ): Promise<void> {
    if (!(await failJob(db, job, describeError(error)))) return;
    // A refused file is the uploader's matter; anything else needs someone to look.
    if (error instanceof PermanentJobError) jobLog.warn({ err: error }, 'background job refused its input');
    else jobLog.error({ err: error }, 'background job failed for good');
    try {
      await handler.onGiveUp?.(job.payload as never, error);
    } catch (hookError) {
      jobLog.error({ err: hookError }, 'could not record the failure of a background job');
    }
  }

  // Errors inside a job are handled in runJob; this only guards against a bug there.
  const startLoop = (lane: JobLane) =>
    workLoop(lane).catch((error: unknown) => log.error({ err: error }, 'background job worker stopped'));
  const workerCount = JOB_LANES.reduce((sum, lane) => sum + options.concurrency[lane], 0);

  return {
    async start() {
      if (loops.length > 0 || workerCount < 1 || handlers.size === 0) return;
      isStopping = false;
      kinds = [...handlers.keys()];
      if (options.requeueAbandonedOnStart) {
        const count = await requeueAbandonedJobs(db);
        if (count > 0) log.info({ count }, 'queued again the jobs a previous run left unfinished');
      }
      loops = JOB_LANES.flatMap((lane) =>
        Array.from({ length: options.concurrency[lane] }, () => startLoop(lane)),
      );
    },

    async stop() {
      if (loops.length === 0) return;
      isStopping = true;
      wake();
      const allStopped = Promise.all(loops);
      if (!(await settlesWithin(allStopped, shutdownGraceMs))) {
        for (const controller of running) controller.abort(new ShutdownAbort('the server is stopping'));
        if (!(await settlesWithin(allStopped, ABORT_GRACE_MS))) {
          // Such a job stays 'running' until its lease runs out, then another worker takes it.
          log.warn('a background job did not stop in time');
        }
      }
      loops = [];
    },

    wake,
  };
}
