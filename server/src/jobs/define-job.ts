import type { Db } from '../db/client.ts';
import { type JobLane, jobs } from '../db/schema/index.ts';

/** Every kind of background job, with its payload. The runner dispatches on `kind`. */
export type JobPayloads = {
  /** Makes the variants of an uploaded post image or video (media_assets.public_id). */
  'process-media': { publicId: string };
  /** Mails a reset link or a new email code to the account of an address typed in a form, if any. */
  'auth-mail': { mail: 'password-reset' | 'verification-code'; email: string };
};

export type JobKind = keyof JobPayloads;

/** Where the job waits ('fast' unless said), and whose turn it takes there (see claimNextJob). */
export type JobPlacement = { lane?: JobLane; accountId?: string };

/**
 * Queues a job. Call it inside the transaction that records the work to do, so the job
 * exists exactly when that record does.
 */
export async function enqueueJob<Kind extends JobKind>(
  db: Pick<Db, 'insert'>,
  kind: Kind,
  payload: JobPayloads[Kind],
  placement: JobPlacement = {},
): Promise<number> {
  const [job] = await db
    .insert(jobs)
    .values({ kind, payload, lane: placement.lane, accountId: placement.accountId })
    .returning({ id: jobs.id });
  return job!.id;
}
