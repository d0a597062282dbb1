import { formatZambianPhone } from '@stagepass/contract/mobile-money';
import { formatKwacha } from '@stagepass/contract/money-format';
import { describePayoutFailure } from '@stagepass/contract/payouts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { payouts, users } from '../../../db/schema/index.ts';
import { defineJob } from '../../../jobs/define-job.ts';
import type { Mailer } from '../../../lib/mail/mailer.ts';
import { autoPayoutSkippedMail, payoutFinishedMail } from '../../../lib/mail/templates.ts';

/**
 * A day's auto-payout skipped for a reason the creator can act on (no number, the operator
 * closed), queued with the day's note; a balance under the minimum is only noted on the page,
 * not mailed every day.
 */
export const autoPayoutSkippedJob = defineJob(
  'auto-payout-skipped',
  z.object({ creatorId: z.string(), note: z.string() }),
);

async function sendPayoutNotice(
  context: { db: Db; mailer: Mailer; publicUrl: string },
  payoutId: string,
): Promise<void> {
  const [found] = await context.db
    .select({ payout: payouts, email: users.email, name: users.name })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.userId))
    .where(eq(payouts.payoutId, payoutId));
  if (!found) return;
  const { payout } = found;
  await context.mailer.send(
    payoutFinishedMail({
      to: found.email,
      name: found.name,
      amount: formatKwacha(payout.amount),
      phone: formatZambianPhone(payout.recipientPhone),
      isCompleted: payout.status === 'COMPLETED',
      isAutomatic: payout.isAutomatic,
      failureReason: payout.status === 'COMPLETED' ? null : describePayoutFailure(payout.failureCode),
      link: `${context.publicUrl}/payouts`,
    }),
  );
}

async function sendAutoPayoutSkippedNotice(
  context: { db: Db; mailer: Mailer; publicUrl: string },
  creatorId: string,
  note: string,
): Promise<void> {
  const [creator] = await context.db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, creatorId));
  if (!creator) return;
  await context.mailer.send(
    autoPayoutSkippedMail({
      to: creator.email,
      name: creator.name,
      note,
      link: `${context.publicUrl}/payouts`,
    }),
  );
}

export function registerPayoutNotices(app: FastifyInstance): void {
  const context = { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl };
  // The creator hears of every payout's end (paid, or failed and given back) by mail; the
  // notifications issue subscribes in-app notices beside it. settle-payout.ts emits the event
  // in the transaction that finishes the payout, so there is exactly one mail per payout.
  app.events.subscribe('payout.settled', 'mail-the-creator', ({ payoutId }) =>
    sendPayoutNotice(context, payoutId),
  );
  app.jobs.handle(autoPayoutSkippedJob, {
    run: ({ creatorId, note }) => sendAutoPayoutSkippedNotice(context, creatorId, note),
  });
}
