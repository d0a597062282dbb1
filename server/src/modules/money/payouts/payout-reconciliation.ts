import { and, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { payouts } from '../../../db/schema/index.ts';
import type { PawapayClient } from '../providers/pawapay/pawapay-client.ts';
import { refreshPayout } from './payouts.service.ts';

/**
 * The safety net under callbacks and polls: payouts not final (INITIATED, ACCEPTED,
 * ENQUEUED, SUBMITTED) are asked about again, so a payout whose callback was lost, or whose
 * server died between reserving and calling pawaPay or before its answer, still ends paid
 * exactly once or given back. A payout pawaPay never received is sent again under its own
 * payoutId (pawaPay ignores a duplicate), never as a second one.
 */

/** Younger payouts are still in the hands of their request or the creator's poll. */
const SETTLING_GRACE_MS = 5_000;
const BATCH = 100;

export async function reconcilePayouts(options: {
  db: Db;
  pawapay: PawapayClient;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Re-check a payout at most this often. */
  intervalMs: number;
  now?: Date;
}): Promise<{ checked: number; changed: number }> {
  const { db } = options;
  const now = options.now ?? new Date();
  const due = await db
    .select({ payoutId: payouts.payoutId, status: payouts.status })
    .from(payouts)
    .where(
      and(
        inArray(payouts.status, ['INITIATED', 'ACCEPTED', 'ENQUEUED', 'SUBMITTED']),
        lt(payouts.createdAt, new Date(now.getTime() - SETTLING_GRACE_MS)),
        or(isNull(payouts.checkedAt), lt(payouts.checkedAt, new Date(now.getTime() - options.intervalMs))),
      ),
    )
    .orderBy(sql`${payouts.checkedAt} asc nulls first`)
    .limit(BATCH);

  let changed = 0;
  for (const candidate of due) {
    try {
      const payout = await refreshPayout({ ...options, payoutId: candidate.payoutId, resend: true, now });
      if (payout && payout.status !== candidate.status) changed += 1;
    } catch (error) {
      options.log.warn({ err: error, payoutId: candidate.payoutId }, 'payout not reconciled: next round');
    }
  }
  return { checked: due.length, changed };
}

/** On the job engine: once every RECONCILE_INTERVAL_MS across all the servers. */
export function registerPayoutReconciliation(app: FastifyInstance): void {
  const { db, pawapay, config } = app;
  app.jobs.every('reconcile-payouts', config.reconcileIntervalMs, async ({ log }) => {
    await reconcilePayouts({ db, pawapay, log, intervalMs: config.reconcileIntervalMs });
  });
}
