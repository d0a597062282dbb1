import {
  CARD_TOPUP_MESSAGES,
  CARD_TOPUP_RETURN_PARAM,
  DEFAULT_CARD_TOPUP_RETURN_PATH,
  type TCardTopup,
  type ZCardTopupRequest,
} from '@stagepass/contract/card-topups';
import { CURRENCY } from '@stagepass/contract/wallet';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { type CardTopupRow, cardTopups } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/errors.ts';
import { findOwnMethod } from '../payment-methods/payment-methods.repository.ts';
import type { CardProcessor } from '../providers/cards/card-processor.ts';
import { closeUnreceivedCardTopup, isCardTopupSettled, settleCardTopup } from './settle-card-topup.ts';

/**
 * Top-ups by a saved card. The top-up is saved before the processor is called, with its
 * id as the charge's idempotency key: a repeat, a lost answer or a restart can only ever
 * find the same charge, never make a second. Nothing is credited here except through
 * settleCardTopup.
 */

type Log = Pick<FastifyBaseLogger, 'warn' | 'error'>;
export type CardTopupDependencies = {
  db: Db;
  cardProcessor: CardProcessor | undefined;
  log: Log;
  /** This server's public address: the processor sends the browser back under it. */
  publicUrl: string;
};
type CardTopupRequest = z.output<typeof ZCardTopupRequest>;

export function requireCardProcessor(cardProcessor: CardProcessor | undefined): CardProcessor {
  if (!cardProcessor) throw new AppError('CARDS_UNAVAILABLE', CARD_TOPUP_MESSAGES.cardsUnavailable, 503);
  return cardProcessor;
}

/** The card top-up row, written before the processor hears of it; a repeat by its owner is the same top-up. */
export async function saveCardTopup(
  db: Pick<Db, 'insert' | 'select'>,
  userId: string,
  request: CardTopupRequest,
): Promise<{ topup: CardTopupRow; isNew: boolean }> {
  // A repeat is answered even if the card was removed since.
  const earlier = await findCardTopup(db, request.topupId);
  if (earlier) return { topup: asRepeat(earlier, userId, request), isNew: false };
  const card = await findOwnMethod(db as Db, { userId, id: request.paymentMethodId, type: 'card' });
  if (!card?.cardToken || !card.cardBrand || !card.cardLast4) {
    throw new AppError('NOT_FOUND', CARD_TOPUP_MESSAGES.cardNotFound, 404, 'paymentMethodId');
  }
  const [inserted] = await db
    .insert(cardTopups)
    .values({
      topupId: request.topupId,
      userId,
      amount: request.amount,
      currency: CURRENCY,
      paymentMethodId: card.id,
      cardToken: card.cardToken,
      cardBrand: card.cardBrand,
      cardLast4: card.cardLast4,
      returnPath: request.returnPath ?? null,
    })
    .onConflictDoNothing({ target: cardTopups.topupId })
    .returning();
  if (inserted) return { topup: inserted, isNew: true };
  // The same topupId at the same moment: the other request saved it.
  const racing = await findCardTopup(db, request.topupId);
  if (!racing) throw new Error(`Card top-up ${request.topupId} vanished.`);
  return { topup: asRepeat(racing, userId, request), isNew: false };
}

function asRepeat(existing: CardTopupRow, userId: string, request: CardTopupRequest): CardTopupRow {
  const isSameRequest =
    existing.userId === userId &&
    existing.amount === request.amount &&
    existing.paymentMethodId === request.paymentMethodId;
  if (!isSameRequest) throw new AppError('CONFLICT', CARD_TOPUP_MESSAGES.topupIdTaken, 409);
  return existing;
}

/** POST /api/wallet/card-topups: save, charge, settle with the charge's answer. */
export async function startCardTopup(
  options: CardTopupDependencies & { userId: string; request: CardTopupRequest },
): Promise<{ topup: TCardTopup; isNew: boolean }> {
  requireCardProcessor(options.cardProcessor);
  const { topup, isNew } = await saveCardTopup(options.db, options.userId, options.request);
  return { topup: toCardTopupView(await chargeCardTopup(options, topup)), isNew };
}

/**
 * Charges a saved top-up the processor has not answered about yet (a repeat of one it has
 * answered changes nothing). A call that fails leaves the top-up processing: the status
 * calls and the reconciliation job ask the processor what became of it.
 */
export async function chargeCardTopup(
  options: CardTopupDependencies,
  topup: CardTopupRow,
): Promise<CardTopupRow> {
  const cardProcessor = requireCardProcessor(options.cardProcessor);
  if (topup.status !== 'processing' || topup.chargeId) return topup;
  try {
    const charge = await cardProcessor.charge({
      token: topup.cardToken,
      amount: topup.amount,
      currency: CURRENCY,
      idempotencyKey: topup.topupId,
      returnUrl: `${options.publicUrl}/api/wallet/card-topups/${topup.topupId}/return`,
    });
    const { topup: settled } = await settleCardTopup(options.db, charge, options.log);
    return settled ?? topup;
  } catch (error) {
    options.log.warn({ err: error, topupId: topup.topupId }, 'card charge unanswered: re-checked later');
    return (await findCardTopup(options.db, topup.topupId)) ?? topup;
  }
}

/** Far longer than any charge call may take: a charge the processor still does not know never reached it. */
export const NEVER_RECEIVED_AFTER_MS = 10 * 60_000;

/**
 * Asks the processor about a top-up and applies its answer; the top-up as we now know it.
 * A top-up the processor never received (its server died before the call, the call was
 * lost) is charged now under the same key, so it can still only be charged once; after
 * NEVER_RECEIVED_AFTER_MS it is closed instead, with no money moved.
 */
export async function refreshCardTopup(
  options: CardTopupDependencies & { topupId: string; now?: Date },
): Promise<CardTopupRow | null> {
  const { db, topupId, now = new Date() } = options;
  const charge = await requireCardProcessor(options.cardProcessor).retrieveCharge(topupId);
  if (charge) {
    const { topup } = await settleCardTopup(db, charge, options.log);
    if (topup && isCardTopupSettled(topup)) return topup;
  } else {
    const unsent = await findCardTopup(db, topupId);
    if (unsent?.status === 'processing' && !unsent.chargeId) {
      if (now.getTime() - unsent.createdAt.getTime() > NEVER_RECEIVED_AFTER_MS) {
        await closeUnreceivedCardTopup(db, topupId);
      } else {
        const charged = await chargeCardTopup(options, unsent);
        if (charged.chargeId) return charged;
      }
    }
  }
  await db.update(cardTopups).set({ checkedAt: new Date() }).where(eq(cardTopups.topupId, topupId));
  return findCardTopup(db, topupId);
}

/** GET /api/wallet/card-topups/:topupId: the person's own top-up, re-checked while open. */
export async function readCardTopup(
  options: CardTopupDependencies & { userId: string; topupId: string },
): Promise<TCardTopup> {
  const own = await findCardTopup(options.db, options.topupId);
  if (!own || own.userId !== options.userId) {
    throw new AppError('NOT_FOUND', CARD_TOPUP_MESSAGES.notFound, 404);
  }
  if (isCardTopupSettled(own)) return toCardTopupView(own);
  try {
    return toCardTopupView((await refreshCardTopup(options)) ?? own);
  } catch (error) {
    // The person sees the last known status and asks again.
    options.log.warn({ err: error, topupId: own.topupId }, 'card top-up status unanswered');
    return toCardTopupView(own);
  }
}

/**
 * The browser is back from the bank's check: settle from the processor's word (never from
 * the address, which anyone can type) and say where to send the browser on.
 */
export async function returnFromCardChallenge(
  options: CardTopupDependencies & { topupId: string; viewerId: string | null },
): Promise<string> {
  const topup = await findCardTopup(options.db, options.topupId);
  if (!topup) return DEFAULT_CARD_TOPUP_RETURN_PATH;
  if (!isCardTopupSettled(topup)) {
    await refreshCardTopup(options).catch((error: unknown) => {
      options.log.warn({ err: error, topupId: topup.topupId }, 'card top-up not re-checked on return');
    });
  }
  // Only its owner is sent to the page they paid from: it may tell what they were buying.
  const returnPath = topup.userId === options.viewerId ? topup.returnPath : null;
  const landing = new URL(returnPath ?? DEFAULT_CARD_TOPUP_RETURN_PATH, 'http://stagepass.invalid');
  landing.searchParams.set(CARD_TOPUP_RETURN_PARAM, topup.topupId);
  return `${landing.pathname}${landing.search}`;
}

export async function findCardTopup(db: Pick<Db, 'select'>, topupId: string): Promise<CardTopupRow | null> {
  const [row] = await db.select().from(cardTopups).where(eq(cardTopups.topupId, topupId));
  return row ?? null;
}

export function toCardTopupView(row: CardTopupRow): TCardTopup {
  return {
    topupId: row.topupId,
    status: row.status,
    amount: row.amount,
    currency: 'ZMW',
    paymentMethodId: row.paymentMethodId,
    card: { brand: row.cardBrand, last4: row.cardLast4 },
    challengeUrl: row.status === 'requires-action' ? row.challengeUrl : null,
    failureCode: row.failureCode,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}
