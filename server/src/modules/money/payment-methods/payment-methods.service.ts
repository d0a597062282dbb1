import type { TCorrespondent } from '@stagepass/contract/mobile-money';
import {
  CARD_ID_LENGTH,
  CARDS_MAX,
  MOBILE_MONEY_METHODS_MAX,
  PAYMENT_METHOD_MESSAGES,
  type TCardBrand,
  type TPaymentMethodsResponse,
} from '@stagepass/contract/payment-methods';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { type PaymentMethodRow, paymentMethods } from '../../../db/schema/index.ts';
import { findDatabaseError, SQL_STATE } from '../../../lib/database-errors.ts';
import { AppError } from '../../../lib/errors.ts';
import { createId } from '../../../lib/ids.ts';
import { describePaymentMethod, type TPaymentMethod } from './payment-method-view.ts';
import {
  clearPreferred,
  findOwnMethod,
  findOwnMethods,
  lockPaymentMethodsOf,
  markPreferred,
} from './payment-methods.repository.ts';

/**
 * The rules every saved payment method follows, whatever its kind. A person with any method
 * has exactly one preferred: the first one saved is preferred, a new one becomes preferred
 * when asked, and removing the preferred one passes the flag to the oldest left.
 */

export type NewPaymentMethod =
  | { type: 'mobile-money'; phone: string; correspondent: TCorrespondent }
  | {
      type: 'card';
      cardToken: string;
      cardBrand: TCardBrand;
      cardLast4: string;
      cardExpMonth: number;
      cardExpYear: number;
      cardFingerprint: string;
    };

const LIMITS = {
  'mobile-money': { max: MOBILE_MONEY_METHODS_MAX, code: 'TOO_MANY_NUMBERS', message: 'tooManyNumbers' },
  card: { max: CARDS_MAX, code: 'TOO_MANY_CARDS', message: 'tooManyCards' },
} as const;

export const methodNotFound = () => new AppError('NOT_FOUND', PAYMENT_METHOD_MESSAGES.methodNotFound, 404);
export const phoneTaken = () => new AppError('PHONE_TAKEN', PAYMENT_METHOD_MESSAGES.phoneTaken, 409);
const cardTaken = () => new AppError('CARD_TAKEN', PAYMENT_METHOD_MESSAGES.cardTaken, 409);
const idTaken = () => new AppError('PAYMENT_METHOD_ID_TAKEN', PAYMENT_METHOD_MESSAGES.idTaken, 409);

export async function listPaymentMethods(options: {
  db: Db;
  userId: string;
}): Promise<TPaymentMethodsResponse> {
  const methods = (await findOwnMethods(options.db, options.userId)).map(describePaymentMethod);
  return {
    success: true,
    mobileMoney: methods.filter((method) => method.type === 'mobile-money'),
    cards: methods.filter((method) => method.type === 'card'),
  };
}

/**
 * Saves a new method. The id may come from the client (optimistic UI): the same id again
 * from the same person for the same number or card answers the saved method (isNew false);
 * any other use of a taken id is a conflict.
 */
export async function addPaymentMethod(options: {
  db: Db;
  userId: string;
  id: string | undefined;
  isPreferred: boolean;
  method: NewPaymentMethod;
}): Promise<{ method: TPaymentMethod; isNew: boolean }> {
  const { db, userId, method } = options;
  const id = options.id ?? createId(CARD_ID_LENGTH);
  return explainUniqueViolations(() =>
    db.transaction(async (tx) => {
      await lockPaymentMethodsOf(tx, userId);
      const [sameId] = await tx.select().from(paymentMethods).where(eq(paymentMethods.id, id));
      if (sameId) {
        if (sameId.userId !== userId || !isSameMethod(sameId, method)) throw idTaken();
        return { method: describePaymentMethod(sameId), isNew: false };
      }
      const own = await findOwnMethods(tx, userId);
      if (own.some((row) => isSameMethod(row, method))) {
        throw method.type === 'card' ? cardTaken() : phoneTaken();
      }
      const limit = LIMITS[method.type];
      if (own.filter((row) => row.type === method.type).length >= limit.max) {
        throw new AppError(limit.code, PAYMENT_METHOD_MESSAGES[limit.message], 409);
      }
      const isPreferred = options.isPreferred || own.length === 0;
      if (isPreferred) await clearPreferred(tx, userId);
      const [row] = await tx
        .insert(paymentMethods)
        .values({ id, userId, isPreferred, ...method })
        .returning();
      return { method: describePaymentMethod(row!), isNew: true };
    }),
  );
}

/** In one transaction: no method of the person is preferred, then the chosen one is. */
export async function setPreferredPaymentMethod(options: {
  db: Db;
  userId: string;
  type: PaymentMethodRow['type'];
  id: string;
}): Promise<TPaymentMethod> {
  const { db, userId } = options;
  return db.transaction(async (tx) => {
    await lockPaymentMethodsOf(tx, userId);
    const chosen = await findOwnMethod(tx, { userId, id: options.id, type: options.type });
    if (!chosen) throw methodNotFound();
    await clearPreferred(tx, userId);
    return describePaymentMethod(await markPreferred(tx, chosen.id));
  });
}

/** Removing the preferred method passes the flag to the oldest method left, if any. */
export async function removePaymentMethod(options: { db: Db; userId: string; id: string }): Promise<void> {
  const { db, userId } = options;
  await db.transaction(async (tx) => {
    await lockPaymentMethodsOf(tx, userId);
    const [removed] = await tx
      .delete(paymentMethods)
      .where(and(eq(paymentMethods.id, options.id), eq(paymentMethods.userId, userId)))
      .returning({ isPreferred: paymentMethods.isPreferred });
    if (!removed) throw methodNotFound();
    if (!removed.isPreferred) return;
    const [oldest] = await findOwnMethods(tx, userId);
    if (oldest) await markPreferred(tx, oldest.id);
  });
}

function isSameMethod(row: PaymentMethodRow, method: NewPaymentMethod): boolean {
  if (row.type !== method.type) return false;
  return method.type === 'card' ? row.cardFingerprint === method.cardFingerprint : row.phone === method.phone;
}

/**
 * The checks above run under the person's lock, so only a race with another person over a
 * client-chosen id reaches the database's constraints; the rest are a safety net.
 */
export async function explainUniqueViolations<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const violation = findDatabaseError(error, SQL_STATE.uniqueViolation);
    if (violation?.constraint === 'payment_methods_pkey') throw idTaken();
    if (violation?.constraint === 'payment_methods_phone_once') throw phoneTaken();
    if (violation?.constraint === 'payment_methods_card_once') throw cardTaken();
    throw error;
  }
}

/**
 * Where a creator's payouts go unless they name a number: their preferred mobile money
 * number, else the first they saved; null when they have none.
 */
export async function findPayoutNumber(
  db: Db,
  userId: string,
): Promise<{ phone: string; correspondent: TCorrespondent } | null> {
  const numbers = (await findOwnMethods(db, userId)).filter(
    (method) => method.type === 'mobile-money' && method.phone && method.correspondent,
  );
  const chosen = numbers.find((method) => method.isPreferred) ?? numbers[0];
  return chosen?.phone && chosen.correspondent
    ? { phone: chosen.phone, correspondent: chosen.correspondent }
    : null;
}
