import { and, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { cardTopups } from '../../../db/schema/index.ts';
import type { CardProcessor } from '../providers/cards/card-processor.ts';
import { refreshCardTopup } from './card-topups.service.ts';

/**
 * The safety net under the charge call, the return from the bank's check and the status
 * polls: card top-ups left processing or requires-action are asked about again, so one
 * whose answer was lost, or whose server died in the middle, still settles (and credits
 * once) after a restart; one the processor never received is charged then, or closed
 * when too old (refreshCardTopup).
 */

/** Younger top-ups are still in the hands of their request. */
const SETTLING_GRACE_MS = 5_000;
const BATCH = 100;

export async function reconcileCardTopups(options: {
  db: Db;
  cardProcessor: CardProcessor;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  publicUrl: string;
  /** Re-check a top-up at most this often. */
  intervalMs: number;
  now?: Date;
}): Promise<{ checked: number }> {
  const { db } = options;
  const now = options.now ?? new Date();
  const due = await db
    .select()
    .from(cardTopups)
    .where(
      and(
        inArray(cardTopups.status, ['processing', 'requires-action']),
        lt(cardTopups.createdAt, new Date(now.getTime() - SETTLING_GRACE_MS)),
        or(
          isNull(cardTopups.checkedAt),
          lt(cardTopups.checkedAt, new Date(now.getTime() - options.intervalMs)),
        ),
      ),
    )
    .orderBy(sql`${cardTopups.checkedAt} asc nulls first`)
    .limit(BATCH);

  for (const candidate of due) {
    try {
      await refreshCardTopup({ ...options, topupId: candidate.topupId, now });
    } catch (error) {
      options.log.warn({ err: error, topupId: candidate.topupId }, 'card top-up not reconciled: next round');
    }
  }
  return { checked: due.length };
}

/** Reconciliation on the job engine: once every RECONCILE_INTERVAL_MS across all the servers. */
export function registerCardTopupReconciliation(app: FastifyInstance, cardProcessor: CardProcessor): void {
  const { db, config } = app;
  app.jobs.every('reconcile-card-topups', config.reconcileIntervalMs, async ({ log }) => {
    await reconcileCardTopups({
      db,
      cardProcessor,
      log,
      publicUrl: config.publicUrl,
      intervalMs: config.reconcileIntervalMs,
    });
  });
}
