import { and, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { deposits } from '../../../db/schema/index.ts';
import type { PawapayClient } from '../providers/pawapay/pawapay-client.ts';
import { failPurchasesAwaitingTopup } from '../purchases/awaiting-topups.ts';
import { refreshDeposit } from './deposits.service.ts';
import { NOT_RECEIVED } from './settle-deposit.ts';

/**
 * The safety net under callbacks and polls: deposits left INITIATED, ACCEPTED or SUBMITTED
 * are asked about again, so a deposit whose callback was lost, or whose server died in the
 * middle, still settles (and credits once) after a restart. A deposit pawaPay never
 * received is closed as REJECTED after a grace period: no money moved.
 */

/** Younger deposits are still in the hands of their request or the person's poll. */
const SETTLING_GRACE_MS = 5_000;
/**
 * An initiation pawaPay still does not know after this never reached it: far longer than
 * any call to pawaPay may take (PAWAPAY_TIMEOUT_MS is at most 2 minutes).
 */
export const NEVER_RECEIVED_AFTER_MS = 10 * 60_000;
const BATCH = 100;

export async function reconcileDeposits(options: {
  db: Db;
  pawapay: PawapayClient;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Re-check a deposit at most this often. */
  intervalMs: number;
  now?: Date;
}): Promise<{ checked: number; settled: number }> {
  const { db } = options;
  const now = options.now ?? new Date();
  const due = await db
    .select({ depositId: deposits.depositId, status: deposits.status, createdAt: deposits.createdAt })
    .from(deposits)
    .where(
      and(
        inArray(deposits.status, ['INITIATED', 'ACCEPTED', 'SUBMITTED']),
        lt(deposits.createdAt, new Date(now.getTime() - SETTLING_GRACE_MS)),
        or(isNull(deposits.checkedAt), lt(deposits.checkedAt, new Date(now.getTime() - options.intervalMs))),
      ),
    )
    .orderBy(sql`${deposits.checkedAt} asc nulls first`)
    .limit(BATCH);

  let settled = 0;
  for (const candidate of due) {
    try {
      const deposit = await refreshDeposit({
        ...options,
        depositId: candidate.depositId,
        isReconciling: true,
      });
      if (deposit && deposit.status !== candidate.status) settled += 1;
      const isUnknownToProvider = deposit?.status === 'INITIATED';
      if (isUnknownToProvider && now.getTime() - candidate.createdAt.getTime() > NEVER_RECEIVED_AFTER_MS) {
        await db
          .update(deposits)
          .set({
            status: 'REJECTED',
            failureCode: NOT_RECEIVED,
            failureMessage: 'The provider never received this deposit.',
            updatedAt: now,
          })
          .where(
            and(sql`${deposits.depositId} = ${candidate.depositId}`, sql`${deposits.status} = 'INITIATED'`),
          );
        await failPurchasesAwaitingTopup(db, { funding: 'mobile-money', topupId: candidate.depositId });
        settled += 1;
      }
    } catch (error) {
      options.log.warn({ err: error, depositId: candidate.depositId }, 'deposit not reconciled: next round');
    }
  }
  return { checked: due.length, settled };
}

/**
 * Reconciliation on the job engine: once every RECONCILE_INTERVAL_MS across all the
 * servers, and at the first start (a restart keeps the rhythm; whatever the last process
 * left is due within one interval).
 */
export function registerDepositReconciliation(app: FastifyInstance): void {
  const { db, pawapay, config } = app;
  app.jobs.every('reconcile-deposits', config.reconcileIntervalMs, async ({ log }) => {
    await reconcileDeposits({ db, pawapay, log, intervalMs: config.reconcileIntervalMs });
  });
}
