import { randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../../../../db/client.ts';
import { type CardSandboxChargeRow, cardSandboxCharges } from '../../../../../db/schema/index.ts';
import type { CardCharge, CardChargeRequest } from '../card-processor.ts';
import { readSandboxCardToken } from './sandbox-card-token.ts';
import { CHALLENGE_EXPIRES_MS, decideChargeStatus } from './sandbox-charge-outcomes.ts';

/**
 * The sandbox processor's charges, kept in its own table. A charge is decided when it is
 * made (by the card, sandbox-charge-outcomes.ts), except one waiting on its 3-D Secure
 * check, which the challenge page decides, once; a check left unanswered fails after
 * CHALLENGE_EXPIRES_MS.
 */

export const challengePath = (chargeId: string) => `/sandbox/cards/challenges/${chargeId}`;

export class SandboxChargeRefused extends Error {
  override name = 'SandboxChargeRefused';
}

export async function createSandboxCharge(
  db: Db,
  appSecret: string,
  request: CardChargeRequest,
): Promise<CardCharge> {
  const existing = await findChargeByKey(db, request.idempotencyKey);
  if (existing) return toCharge(assertSameCharge(existing, request));
  const card = readSandboxCardToken(appSecret, request.token);
  if (!card) throw new SandboxChargeRefused('The card token is not one this processor made.');
  if (request.currency !== 'ZMW') throw new SandboxChargeRefused('Only ZMW is charged here.');
  const [inserted] = await db
    .insert(cardSandboxCharges)
    .values({
      chargeId: `ch_${randomBytes(16).toString('base64url')}`,
      idempotencyKey: request.idempotencyKey,
      amount: request.amount,
      currency: request.currency,
      cardFingerprint: card.fingerprint,
      status: decideChargeStatus(appSecret, card.fingerprint),
      returnUrl: request.returnUrl,
    })
    .onConflictDoNothing({ target: cardSandboxCharges.idempotencyKey })
    .returning();
  // The same key at the same moment: the other call made it.
  const charge = inserted ?? (await findChargeByKey(db, request.idempotencyKey));
  if (!charge) throw new Error(`Charge ${request.idempotencyKey} vanished.`);
  return toCharge(assertSameCharge(charge, request));
}

export async function retrieveSandboxCharge(db: Db, idempotencyKey: string): Promise<CardCharge | null> {
  const charge = await findChargeByKey(db, idempotencyKey);
  return charge ? toCharge(await expireChallenge(db, charge)) : null;
}

export async function findSandboxCharge(db: Db, chargeId: string): Promise<CardSandboxChargeRow | null> {
  const [charge] = await db
    .select()
    .from(cardSandboxCharges)
    .where(eq(cardSandboxCharges.chargeId, chargeId));
  return charge ? expireChallenge(db, charge) : null;
}

/** The card holder's answer to the bank's check; only the first answer counts. */
export async function answerSandboxChallenge(
  db: Db,
  chargeId: string,
  outcome: 'approve' | 'refuse',
): Promise<CardSandboxChargeRow | null> {
  const charge = await findSandboxCharge(db, chargeId);
  if (charge?.status !== 'requires_action') return charge;
  const [answered] = await db
    .update(cardSandboxCharges)
    .set({ status: outcome === 'approve' ? 'succeeded' : 'authentication_failed', decidedAt: new Date() })
    .where(and(eq(cardSandboxCharges.chargeId, chargeId), eq(cardSandboxCharges.status, 'requires_action')))
    .returning();
  return answered ?? findSandboxCharge(db, chargeId);
}

/** A check nobody answered in time fails, as a bank's would. */
async function expireChallenge(db: Db, charge: CardSandboxChargeRow): Promise<CardSandboxChargeRow> {
  const expiredBefore = new Date(Date.now() - CHALLENGE_EXPIRES_MS);
  if (charge.status !== 'requires_action' || charge.createdAt >= expiredBefore) return charge;
  const [expired] = await db
    .update(cardSandboxCharges)
    .set({ status: 'authentication_failed', decidedAt: new Date() })
    .where(
      and(
        eq(cardSandboxCharges.chargeId, charge.chargeId),
        eq(cardSandboxCharges.status, 'requires_action'),
        lt(cardSandboxCharges.createdAt, expiredBefore),
      ),
    )
    .returning();
  return expired ?? charge;
}

async function findChargeByKey(db: Db, idempotencyKey: string): Promise<CardSandboxChargeRow | null> {
  const [charge] = await db
    .select()
    .from(cardSandboxCharges)
    .where(eq(cardSandboxCharges.idempotencyKey, idempotencyKey));
  return charge ?? null;
}

/** A processor refuses a key reused for another charge rather than guess which one was meant. */
function assertSameCharge(charge: CardSandboxChargeRow, request: CardChargeRequest): CardSandboxChargeRow {
  if (charge.amount !== request.amount || charge.currency !== request.currency) {
    throw new SandboxChargeRefused('This idempotency key was used for another charge.');
  }
  return charge;
}

function toCharge(row: CardSandboxChargeRow): CardCharge {
  return {
    chargeId: row.chargeId,
    idempotencyKey: row.idempotencyKey,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    challengeUrl: row.status === 'requires_action' ? challengePath(row.chargeId) : null,
  };
}
