import { createHash } from 'node:crypto';
import type { TPassPeriod } from '@stagepass/contract/passes';
import { and, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { passes, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mail/mailer.ts';
import { passEndingMail } from '../../lib/mail/templates.ts';
import { createPurchase } from '../money/purchases/purchases.service.ts';
import { isPassEndingSoon } from './pass-reminders.ts';

type PawapayClient = Parameters<typeof createPurchase>[0]['pawapay'];

/**
 * The passes' schedules: opt-in renewal from the wallet shortly before a pass ends (never
 * mobile money: it needs the payer's PIN), and the reminder before it ends, a day ahead for
 * a weekly or monthly pass and two hours ahead for a daily one (pass-reminders.ts, the rule
 * the app's reminders follow too). Both are safe to run again:
 * a renewal's purchaseId is made from the expiry it renews, and a reminder is marked sent
 * for its expiry.
 */

export const RENEW_PASSES_EVERY_MS = 5 * 60_000;
export const REMIND_PASSES_EVERY_MS = 10 * 60_000;
/** How long before its end a pass that renews itself is renewed. */
const RENEW_AHEAD = '1 hour';

export function registerPassSchedules(app: FastifyInstance): void {
  const { db, pawapay, mailer, config } = app;
  app.jobs.every('renew-passes', RENEW_PASSES_EVERY_MS, async ({ log }) => {
    await renewDuePasses({ db, pawapay, log, feePercent: config.platformFeePercent });
  });
  app.jobs.every('remind-passes', REMIND_PASSES_EVERY_MS, async ({ log }) => {
    await remindEndingPasses({ db, mailer, log, publicUrl: config.publicUrl });
  });
}

/** Renews, from the wallet, the opted-in passes ending within the hour that have not ended. */
export async function renewDuePasses(options: {
  db: Db;
  pawapay: PawapayClient;
  log: FastifyBaseLogger;
  feePercent: number;
}): Promise<{ renewed: number; refused: number }> {
  const { db, log } = options;
  const due = await db
    .select({
      fanId: passes.fanId,
      period: passes.period,
      expiresAt: passes.expiresAt,
      creatorUsername: users.username,
    })
    .from(passes)
    .innerJoin(users, eq(users.id, passes.creatorId))
    .where(
      and(
        eq(passes.isAutoRenew, true),
        gt(passes.expiresAt, sql`now()`),
        lte(passes.expiresAt, sql`now() + ${RENEW_AHEAD}::interval`),
      ),
    )
    .limit(500);
  let renewed = 0;
  let refused = 0;
  for (const pass of due) {
    try {
      await createPurchase({
        db,
        pawapay: options.pawapay,
        log,
        feePercent: options.feePercent,
        fanId: pass.fanId,
        request: {
          purchaseId: renewalPurchaseId(pass.fanId, pass.creatorUsername, pass.expiresAt),
          kind: 'pass',
          creator: pass.creatorUsername,
          period: pass.period as TPassPeriod,
          funding: { method: 'wallet' },
        },
      });
      renewed += 1;
    } catch (error) {
      // A short wallet, or a period no longer offered: the pass ends as bought, and the
      // reminder already told the fan.
      if (!(error instanceof AppError)) throw error;
      refused += 1;
      log.info({ fanId: pass.fanId, code: error.code }, 'pass not renewed');
    }
  }
  return { renewed, refused };
}

/** One purchaseId per pass and expiry: a renewal run again is the same purchase. */
export function renewalPurchaseId(fanId: string, creatorUsername: string, expiresAt: Date): string {
  const hex = createHash('sha256')
    .update(`pass-renewal|${fanId}|${creatorUsername}|${expiresAt.toISOString()}`)
    .digest('hex');
  // Shaped as a version 4, variant 1 UUID, as the purchase id must be.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((Number.parseInt(hex[16] ?? '0', 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Mails each fan whose pass ends soon, once per expiry. */
export async function remindEndingPasses(options: {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
}): Promise<number> {
  const { db } = options;
  const fans = sql`fan`;
  const due = await db
    .select({
      fanId: passes.fanId,
      creatorId: passes.creatorId,
      expiresAt: passes.expiresAt,
      isAutoRenew: passes.isAutoRenew,
      creatorName: users.name,
      creatorUsername: users.username,
      fanEmail: sql<string>`${fans}.email`,
      fanName: sql<string>`${fans}.name`,
    })
    .from(passes)
    .innerJoin(users, eq(users.id, passes.creatorId))
    .innerJoin(sql`${users} as ${fans}`, sql`${fans}.id = ${passes.fanId}`)
    .where(
      and(
        isPassEndingSoon,
        or(isNull(passes.remindedForExpiresAt), ne(passes.remindedForExpiresAt, passes.expiresAt)),
      ),
    )
    .limit(500);
  let sent = 0;
  for (const pass of due) {
    // Marked first, for the expiry as the row holds it (to the microsecond): a crash between
    // the two loses a reminder rather than sending it twice, and a renewal (a new expiry) is
    // reminded again.
    const [marked] = await db
      .update(passes)
      .set({ remindedForExpiresAt: sql`${passes.expiresAt}` })
      .where(
        and(
          eq(passes.fanId, pass.fanId),
          eq(passes.creatorId, pass.creatorId),
          or(isNull(passes.remindedForExpiresAt), ne(passes.remindedForExpiresAt, passes.expiresAt)),
        ),
      )
      .returning({ fanId: passes.fanId });
    if (!marked) continue;
    await options.mailer.send(
      passEndingMail({
        to: pass.fanEmail,
        name: pass.fanName,
        creatorName: pass.creatorName,
        expiresAt: `${pass.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        isAutoRenew: pass.isAutoRenew,
        link: `${options.publicUrl}/${pass.creatorUsername}`,
      }),
    );
    sent += 1;
  }
  return sent;
}
