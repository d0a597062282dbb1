import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { type JobLane, jobs } from '../db/schema/index.ts';

/** What a job's payload may hold: it is stored as JSON in jobs.payload. */
export type JobPayload = Record<string, unknown>;

/** Where the job waits ('fast' unless said), and whose turn it takes there (see claimNextJob). */
export type JobPlacement = { lane?: JobLane; accountId?: string };

/**
 * A kind of job and the schema of its payload. The module that owns the work defines it once
 * (`export const processMediaJob = defineJob('process-media', z.object({ publicId: z.string() }))`),
 * queues it with `enqueue` from its services, and gives its handler to the engine with
 * `app.jobs.handle(processMediaJob, handler)` when the module registers. The same value on
 * both sides makes a payload that does not fit a compile error, while the engine itself
 * knows no kind. The schema is checked again when a job is claimed: a row queued by an
 * older version of the code, or written by hand, is failed there rather than run.
 */
export type JobType<Payload extends JobPayload> = {
  /** Stored in jobs.kind: never rename one that may still be queued. */
  readonly kind: string;
  /** What the handler may rely on; the runner parses every claimed payload with it. */
  readonly schema: z.ZodType<Payload>;
  /**
   * Queues a job. Call it inside the transaction that records the work to do, so the job
   * exists exactly when that record does.
   */
  enqueue(db: Pick<Db, 'insert'>, payload: Payload, placement?: JobPlacement): Promise<number>;
};

export function defineJob<Payload extends JobPayload>(
  kind: string,
  schema: z.ZodType<Payload>,
): JobType<Payload> {
  return {
    kind,
    schema,
    async enqueue(db, payload, placement = {}) {
      const [job] = await db
        .insert(jobs)
        .values({ kind, payload, lane: placement.lane, accountId: placement.accountId })
        .returning({ id: jobs.id });
      return job!.id;
    },
  };
}
