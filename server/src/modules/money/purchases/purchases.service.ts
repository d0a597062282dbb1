import { createHash } from 'node:crypto';
import { PURCHASE_MESSAGES, type TPurchase, type TPurchaseRequest } from '@stagepass/contract/purchases';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { type PurchaseRow, purchases, users } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/errors.ts';
import { decodeKeysetCursor, encodeKeysetCursor, ZKeysetTime } from '../../../lib/keyset-cursor.ts';
import {
  ensurePlatformAccountsOnce,
  InsufficientFundsError,
  readBalance,
  walletAccountId,
} from '../ledger/ledger.service.ts';
import { computePlatformFee, payPurchaseFromWallet } from './pay-purchase.ts';
import { isBlockedEitherWay } from './purchase-blocks.ts';
import {
  getPurchaseKind,
  PurchaseBlocked,
  type PurchaseCreator,
  PurchaseNoLongerPossible,
  type PurchaseQuote,
} from './purchase-kinds.ts';
import {
  type AwaitedTopupView,
  prepareShortfallTopup,
  readAwaitedTopup,
  type ShortfallDependencies,
  type ShortfallFunding,
} from './shortfall-topups.ts';

export { type PurchaseKind, PurchaseNoLongerPossible, registerPurchaseKind } from './purchase-kinds.ts';

/**
 * Paying creators from the wallet (decision 017). A purchase is priced from our data now,
 * recorded under the client's purchaseId and paid in the same transaction: either all of
 * it happens (the row, the booking, the grant) or none of it.
 */

type PurchaseRequest = z.output<typeof import('@stagepass/contract/purchases').ZPurchaseRequest>;

type CreatePurchaseOptions = ShortfallDependencies & {
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  feePercent: number;
  fanId: string;
  request: PurchaseRequest;
};
type CreatedPurchase = AwaitedTopupView & { purchase: TPurchase; isNew: boolean };

export async function createPurchase(options: CreatePurchaseOptions): Promise<CreatedPurchase> {
  const { db, fanId, request } = options;
  const fingerprint = fingerprintOf(request);
  // A repeat answers the purchase as it is, whatever the price has become since.
  const existing = await findPurchaseRow(db, request.purchaseId);
  if (existing) return answerRepeat(db, existing, fanId, fingerprint);

  const creator = await findCreator(db, request.creator);
  if (creator.id === fanId) throw new AppError('FORBIDDEN', PURCHASE_MESSAGES.ownPage, 403);
  // Before the kind's quote, so every kind and every way of paying (wallet, mobile money or
  // card for the shortfall, a pass renewing) is refused alike; paying checks it again.
  if (await isBlockedEitherWay(db, fanId, creator.id)) throw blockedError();
  const quote = await getPurchaseKind(request.kind).quote({
    db,
    buyer: { id: fanId },
    creator,
    request: request as TPurchaseRequest as never,
  });
  if (request.expectedAmount !== undefined && request.expectedAmount !== quote.amount) {
    throw new AppError('PRICE_CHANGED', PURCHASE_MESSAGES.priceChanged(quote.amount), 409, undefined, {
      amount: quote.amount,
    });
  }

  await ensurePlatformAccountsOnce(db);
  if (request.funding.method !== 'wallet') {
    const balance = await readBalance(db, walletAccountId(fanId));
    if (balance < quote.amount) {
      return startPurchaseAwaitingTopup({
        ...options,
        funding: request.funding,
        creator,
        quote,
        fingerprint,
        balance,
      });
    }
  }
  try {
    const paid = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(purchases)
        .values({
          id: request.purchaseId,
          fanId,
          creatorId: creator.id,
          kind: request.kind,
          details: quote.details,
          requestFingerprint: fingerprint,
          amount: quote.amount,
          fee: computePlatformFee(quote.amount, options.feePercent),
          status: 'awaiting-payment',
          funding: request.funding.method,
        })
        .onConflictDoNothing({ target: purchases.id })
        .returning();
      // The same purchaseId at the same moment: the other request pays it.
      if (!inserted) return null;
      return payPurchaseFromWallet(tx as unknown as Db, inserted);
    });
    if (!paid) {
      return answerRepeat(db, await getPurchaseRow(db, request.purchaseId), fanId, fingerprint);
    }
    return { purchase: toPurchaseView(paid, creator), isNew: true };
  } catch (error) {
    // A block made since the check above, or the item went away between the quote and the
    // grant: nothing was charged.
    if (error instanceof PurchaseBlocked) throw blockedError();
    if (error instanceof PurchaseNoLongerPossible) {
      throw new AppError('NO_LONGER_POSSIBLE', error.message || PURCHASE_MESSAGES.noLongerPossible, 409);
    }
    if (!(error instanceof InsufficientFundsError)) throw error;
    // Nothing was written: the insert rolled back with the booking.
    const balance = await readBalance(db, walletAccountId(fanId));
    const shortfall = Math.max(quote.amount - balance, 1);
    throw new AppError(
      'INSUFFICIENT_BALANCE',
      PURCHASE_MESSAGES.insufficientBalance(shortfall),
      402,
      undefined,
      {
        shortfall,
        amount: quote.amount,
      },
    );
  }
}

/** One of the fan's purchases, with the top-up it waits on; someone else's answers like an unknown one. */
export async function readPurchase(options: {
  db: Db;
  fanId: string;
  purchaseId: string;
}): Promise<AwaitedTopupView & { purchase: TPurchase }> {
  const row = await findPurchaseRow(options.db, options.purchaseId);
  if (!row || row.fanId !== options.fanId) throw new AppError('NOT_FOUND', PURCHASE_MESSAGES.notFound, 404);
  return {
    purchase: toPurchaseView(row, await findCreatorById(options.db, row.creatorId)),
    ...(await readAwaitedTopup(options.db, row)),
  };
}

const ZPurchaseCursor = z.tuple([ZKeysetTime, z.uuid()]);

/** The fan's receipts, newest first, a page at a time. */
export async function listPurchases(options: {
  db: Db;
  fanId: string;
  cursor?: string;
  limit: number;
}): Promise<{ purchases: TPurchase[]; nextCursor: string | null }> {
  const { db, fanId, limit } = options;
  const after = decodeKeysetCursor(
    options.cursor,
    ZPurchaseCursor,
    () => new AppError('VALIDATION_ERROR', 'The cursor is not one this list made.', 400, 'cursor'),
  );
  const sortTime = sql<string>`to_char(${purchases.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
  const rows = await db
    .select({ purchase: purchases, creatorUsername: users.username, creatorName: users.name, sortTime })
    .from(purchases)
    .leftJoin(users, eq(users.id, purchases.creatorId))
    .where(
      and(
        eq(purchases.fanId, fanId),
        after
          ? or(
              lt(purchases.createdAt, sql`${after[0]}::timestamptz`),
              and(eq(purchases.createdAt, sql`${after[0]}::timestamptz`), lt(purchases.id, after[1])),
            )
          : undefined,
      ),
    )
    .orderBy(desc(purchases.createdAt), desc(purchases.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    purchases: page.map((row) =>
      toPurchaseView(
        row.purchase,
        row.creatorUsername === null ? null : { username: row.creatorUsername, name: row.creatorName ?? '' },
      ),
    ),
    nextCursor: rows.length > limit && last ? encodeKeysetCursor([last.sortTime, last.purchase.id]) : null,
  };
}

async function answerRepeat(
  db: Db,
  row: PurchaseRow,
  fanId: string,
  fingerprint: string,
): Promise<CreatedPurchase> {
  if (row.fanId !== fanId || row.requestFingerprint !== fingerprint) {
    throw new AppError('CONFLICT', PURCHASE_MESSAGES.purchaseIdReused, 409);
  }
  return {
    purchase: toPurchaseView(row, await findCreatorById(db, row.creatorId)),
    ...(await readAwaitedTopup(db, row)),
    isNew: false,
  };
}

/**
 * The wallet is short and the fan pays the rest by mobile money or a card: the purchase is
 * recorded as awaiting a top-up of the shortfall, and the top-up saved, in one transaction;
 * then the provider is asked for the money. The purchase completes when that top-up is
 * credited (completePurchasesAwaitingTopup), or fails with it.
 */
async function startPurchaseAwaitingTopup(
  options: CreatePurchaseOptions & {
    funding: ShortfallFunding;
    creator: PurchaseCreator;
    quote: PurchaseQuote;
    fingerprint: string;
    balance: number;
  },
): Promise<CreatedPurchase> {
  const { db, request, fanId, quote } = options;
  const topup = prepareShortfallTopup({ ...options, shortfall: quote.amount - options.balance });
  const recorded = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(purchases)
      .values({
        id: request.purchaseId,
        fanId,
        creatorId: options.creator.id,
        kind: request.kind,
        details: quote.details,
        requestFingerprint: options.fingerprint,
        amount: quote.amount,
        fee: computePlatformFee(quote.amount, options.feePercent),
        status: 'awaiting-payment',
        funding: options.funding.method,
        awaitedTopupId: topup.topupId,
      })
      .onConflictDoNothing({ target: purchases.id })
      .returning();
    if (inserted) await topup.save(tx as unknown as Db);
    return inserted ?? null;
  });
  if (!recorded)
    return answerRepeat(db, await getPurchaseRow(db, request.purchaseId), fanId, options.fingerprint);

  const started = await topup.start();
  // A top-up refused or declined at once has failed the purchase already; one credited at once completed it.
  const now = await getPurchaseRow(db, recorded.id);
  return { purchase: toPurchaseView(now, options.creator), ...started, isNew: true };
}

/** The one refusal of money between two accounts when either has blocked the other. */
function blockedError(): AppError {
  return new AppError('BLOCKED', PURCHASE_MESSAGES.blocked, 403);
}

/**
 * What makes two requests the same purchase: everything but the funding and the expected
 * amount (a fan who retries after a 402 with mobile money is buying the same thing).
 */
function fingerprintOf(request: PurchaseRequest): string {
  const { funding: _funding, expectedAmount: _expected, purchaseId: _id, ...what } = request;
  const creator = what.creator.replace(/^@/, '').toLowerCase();
  return createHash('sha256')
    .update(JSON.stringify({ ...what, creator }, Object.keys({ ...what, creator }).sort()))
    .digest('base64url');
}

async function findPurchaseRow(db: Db, purchaseId: string): Promise<PurchaseRow | undefined> {
  const [row] = await db.select().from(purchases).where(eq(purchases.id, purchaseId));
  return row;
}

async function getPurchaseRow(db: Db, purchaseId: string): Promise<PurchaseRow> {
  const row = await findPurchaseRow(db, purchaseId);
  if (!row) throw new Error(`Purchase ${purchaseId} vanished.`);
  return row;
}

/** The creator a purchase pays, by username with or without its @. */
async function findCreator(db: Db, username: string): Promise<PurchaseCreator> {
  const handle = `@${username.replace(/^@/, '')}`.toLowerCase();
  const [creator] = await db
    .select({ id: users.id, username: users.username, name: users.name, role: users.role })
    .from(users)
    .where(eq(sql`lower(${users.username})`, handle));
  if (!creator) throw new AppError('NOT_FOUND', PURCHASE_MESSAGES.creatorNotFound, 404, 'creator');
  if (creator.role !== 'creator')
    throw new AppError('VALIDATION_ERROR', PURCHASE_MESSAGES.notACreator, 400, 'creator');
  return { id: creator.id, username: creator.username ?? handle, name: creator.name };
}

async function findCreatorById(
  db: Db,
  creatorId: string | null,
): Promise<{ username: string; name: string } | null> {
  if (!creatorId) return null;
  const [creator] = await db
    .select({ username: users.username, name: users.name })
    .from(users)
    .where(eq(users.id, creatorId));
  return creator?.username ? { username: creator.username, name: creator.name } : null;
}

export function toPurchaseView(
  row: PurchaseRow,
  creator: { username: string; name: string } | null,
): TPurchase {
  return {
    purchaseId: row.id,
    kind: row.kind,
    status: row.status,
    amount: row.amount,
    currency: 'ZMW',
    creator: creator && { username: creator.username, name: creator.name },
    details: row.details,
    awaitedTopupId: row.awaitedTopupId,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}
