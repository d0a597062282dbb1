import { createHash } from 'node:crypto';
import { formatZambianPhone } from '@stagepass/contract/mobile-money';
import { formatKwacha } from '@stagepass/contract/money-format';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { autoPayoutRuns, type PayoutRow, payouts, users } from '../../../db/schema/index.ts';
import { findPayoutNumber } from '../payment-methods/payment-methods.service.ts';
import { PAWAPAY_BULK_PAYOUT_LIMIT } from '../providers/pawapay/pawapay-api.ts';
import { type PawapayClient, PawapayUnavailableError } from '../providers/pawapay/pawapay-client.ts';
import { readAvailableEarnings } from './earnings.service.ts';
import { createPayoutAvailabilityReader, type OperatorAvailability } from './payout-availability.ts';
import { autoPayoutSkippedJob } from './payout-notices.ts';
import { applyInitiationAnswer, toPawapayRequest } from './payouts.service.ts';
import { reserveAndSave } from './request-payout.ts';

/**
 * Auto-payout (decision 019): for every creator who turned it on, the available earnings go
 * to their preferred number once a day at AUTO_PAYOUT_HOUR (UTC), and at once whenever they
 * pass AUTO_PAYOUT_THRESHOLD. The day's run is once per creator because its row's primary
 * key is (creator, day); a threshold payout's id is derived from the creator, the day and
 * how many automatic payouts that day has, so a run repeated by another server makes the
 * same payout, never a second. Payouts go to pawaPay in bulk, at most 20 a request.
 */

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
export type AutoPayoutSettings = {
  minimum: number;
  earningsHoldHours: number;
  autoPayoutHourUtc: number;
  autoPayoutThreshold: number;
};

const RUN_EVERY_MS = 5 * 60_000;

export type AutoPayoutOutcome = { creatorId: string; payoutId: string | null; note: string };

export async function runAutoPayouts(options: {
  db: Db;
  pawapay: PawapayClient;
  log: Log;
  settings: AutoPayoutSettings;
  readAvailability: () => Promise<OperatorAvailability[]>;
  now?: Date;
}): Promise<AutoPayoutOutcome[]> {
  const { db, settings } = options;
  const now = options.now ?? new Date();
  const day = now.toISOString().slice(0, 10);
  const isDailyHourPassed = now.getUTCHours() >= settings.autoPayoutHourUtc;
  const availability = await options.readAvailability().catch(() => [] as OperatorAvailability[]);

  const creators = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAutoPayoutEnabled, true), eq(users.role, 'creator')));
  const outcomes: AutoPayoutOutcome[] = [];
  const toSend: PayoutRow[] = [];

  for (const creator of creators) {
    const { available } = await readAvailableEarnings(db, creator.id, settings.earningsHoldHours);
    const hasDailyRun = await hasRunToday(db, creator.id, day);
    const isDailyDue = isDailyHourPassed && !hasDailyRun;
    const isThresholdDue = available >= settings.autoPayoutThreshold;
    if (!isDailyDue && !isThresholdDue) continue;

    const recipient = await findPayoutNumber(db, creator.id);
    const skip = !recipient
      ? { note: 'Skipped: add a mobile money number in Settings.', isMailed: true }
      : available < settings.minimum
        ? {
            note: `Skipped: ${formatKwacha(available)} available, under the ${formatKwacha(settings.minimum)} minimum.`,
            isMailed: false,
          }
        : availability.find((each) => each.correspondent === recipient.correspondent)?.status === 'CLOSED'
          ? { note: 'Skipped: your operator is not taking payouts right now.', isMailed: true }
          : null;
    if (skip || !recipient) {
      const note = skip?.note ?? '';
      if (isDailyDue && (await recordSkippedRun(db, creator.id, day, note, skip?.isMailed ?? false))) {
        outcomes.push({ creatorId: creator.id, payoutId: null, note });
      }
      continue;
    }

    const today = await readTodaysAutomaticPayouts(db, creator.id, day);
    // A payout that failed or was cancelled today gave its money back for a reason: the
    // threshold does not send it again every five minutes (the next day's run may).
    if (!today.nextPayoutId || (!isDailyDue && today.hasUnsuccessful)) continue;
    const payoutId = today.nextPayoutId;
    const note = `Sent ${formatKwacha(available)} to ${formatZambianPhone(recipient.phone)}.`;
    // The day's note is written with the payout: a run that dies in between, or a second
    // run reading the balance in that gap, cannot leave 'Skipped' beside a payout sent.
    const saved = await reserveAndSave(
      db,
      {
        payoutId,
        creatorId: creator.id,
        amount: available,
        recipient,
        holdHours: settings.earningsHoldHours,
        isAutomatic: true,
      },
      async (tx, row) => {
        if (isDailyDue) await recordRun(tx, creator.id, day, row.payoutId, note);
      },
    ).catch((error: unknown) => {
      options.log.warn({ err: error, creatorId: creator.id }, 'auto-payout not reserved');
      return null;
    });
    if (!saved) continue;
    outcomes.push({ creatorId: creator.id, payoutId: saved.payoutId, note });
    toSend.push(saved);
  }

  for (let start = 0; start < toSend.length; start += PAWAPAY_BULK_PAYOUT_LIMIT) {
    await sendBatch(options, toSend.slice(start, start + PAWAPAY_BULK_PAYOUT_LIMIT));
  }
  return outcomes;
}

/** One bulk request; an unanswered one leaves its payouts to the reconciliation job, which sends them again. */
async function sendBatch(options: { db: Db; pawapay: PawapayClient; log: Log }, batch: PayoutRow[]) {
  try {
    const answers = await options.pawapay.initiatePayouts(batch.map(toPawapayRequest));
    for (const row of batch) {
      const answer = answers.find((each) => each.payoutId === row.payoutId);
      if (answer) await applyInitiationAnswer(options, row, answer);
    }
  } catch (error) {
    if (!(error instanceof PawapayUnavailableError)) throw error;
    options.log.warn(
      { err: error, payouts: batch.length },
      'auto-payout batch unanswered: reconciliation resends',
    );
  }
}

async function hasRunToday(db: Db, creatorId: string, day: string): Promise<boolean> {
  const [run] = await db
    .select({ day: autoPayoutRuns.day })
    .from(autoPayoutRuns)
    .where(and(eq(autoPayoutRuns.creatorId, creatorId), eq(autoPayoutRuns.day, day)));
  return Boolean(run);
}

/** The day's skipped run and, when it says what to do, its mail, together; false when another run recorded the day first. */
async function recordSkippedRun(
  db: Db,
  creatorId: string,
  day: string,
  note: string,
  isMailed: boolean,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const isRecorded = await recordRun(tx, creatorId, day, null, note);
    if (isRecorded && isMailed) await autoPayoutSkippedJob.enqueue(tx, { creatorId, note });
    return isRecorded;
  });
}

/** False when another run recorded the day first. */
async function recordRun(
  db: Pick<Db, 'insert'>,
  creatorId: string,
  day: string,
  payoutId: string | null,
  note: string,
): Promise<boolean> {
  const inserted = await db
    .insert(autoPayoutRuns)
    .values({ creatorId, day, payoutId, note })
    .onConflictDoNothing()
    .returning({ day: autoPayoutRuns.day });
  return inserted.length === 1;
}

/** At most this many automatic payouts a creator a day (a daily one and threshold ones). */
const AUTOMATIC_PAYOUTS_A_DAY = 20;

/**
 * The day's automatic payouts so far, by their derived ids (not by their rows' times, which
 * the database's clock sets while the day is the job's): the next one's number, whether one
 * of them failed or was cancelled (no more are sent that day: the money came back for a
 * reason, and the creator hears of it), and whether the day is used up.
 */
async function readTodaysAutomaticPayouts(db: Db, creatorId: string, day: string) {
  const ids = Array.from({ length: AUTOMATIC_PAYOUTS_A_DAY }, (_, sequence) =>
    automaticPayoutId(creatorId, day, sequence),
  );
  const made = await db
    .select({ payoutId: payouts.payoutId, status: payouts.status })
    .from(payouts)
    .where(inArray(payouts.payoutId, ids));
  const madeIds = new Set(made.map((row) => row.payoutId));
  const next = ids.findIndex((id) => !madeIds.has(id));
  return {
    nextPayoutId: next === -1 ? null : ids[next]!,
    hasUnsuccessful: made.some((row) => row.status === 'FAILED' || row.status === 'REJECTED'),
  };
}

/** A UUIDv4-shaped id from the creator, the day and the payout's number that day: the same inputs, the same payout. */
export function automaticPayoutId(creatorId: string, day: string, sequence: number): string {
  const bytes = createHash('sha256').update(`auto-payout:${creatorId}:${day}:${sequence}`).digest();
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The creator's last auto-payout note, for the payouts page. */
export async function readLastAutoPayoutNote(
  db: Db,
  creatorId: string,
): Promise<{ day: string; note: string } | null> {
  const [run] = await db
    .select({ day: autoPayoutRuns.day, note: autoPayoutRuns.note })
    .from(autoPayoutRuns)
    .where(eq(autoPayoutRuns.creatorId, creatorId))
    .orderBy(desc(autoPayoutRuns.day))
    .limit(1);
  return run ?? null;
}

export function registerAutoPayouts(app: FastifyInstance): void {
  const { db, pawapay, config } = app;
  const readAvailability = createPayoutAvailabilityReader(pawapay);
  app.jobs.every('auto-payouts', RUN_EVERY_MS, async ({ log }) => {
    await runAutoPayouts({ db, pawapay, log, settings: config.payouts, readAvailability });
  });
}
