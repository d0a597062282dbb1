import { randomUUID } from 'node:crypto';
import type { TEarningsResponse, TPayout } from '@stagepass/contract/payouts';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../../app.ts';
import { ledgerTransactions, payouts } from '../../../db/schema/index.ts';
import type { TestPerson } from '../../../test/factories/people.ts';
import { expectLedgerBalanced } from '../deposits/test-deposits.ts';
import { PLATFORM_ACCOUNTS, readBalance } from '../ledger/ledger.service.ts';

// Helpers for the payout tests: requests as the creator's web app sends them.

/** pawaPay's sandbox outcomes by the recipient number's ending (MTN numbers). */
export const PAYOUT_NUMBERS = {
  completes: '260763456789',
  recipientNotFound: '260763456089',
  otherError: '260763456119',
  staysSubmitted: '260763456129',
} as const;

export function payOutAs(app: App, creator: TestPerson, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/payouts',
    headers: { cookie: creator.cookie },
    payload: { payoutId: randomUUID(), ...body },
  });
}

export async function readEarningsAs(app: App, creator: TestPerson): Promise<TEarningsResponse> {
  const answer = await app.inject({ url: '/api/earnings', headers: { cookie: creator.cookie } });
  return answer.json();
}

export async function readPayoutAs(app: App, creator: TestPerson, payoutId: string): Promise<TPayout> {
  const answer = await app.inject({ url: `/api/payouts/${payoutId}`, headers: { cookie: creator.cookie } });
  return answer.json().payout;
}

/** Reads the payout until it has the status asked for, for 15 s at most. */
export async function waitForPayout(
  app: App,
  creator: TestPerson,
  payoutId: string,
  status: TPayout['status'],
): Promise<TPayout> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const payout = await readPayoutAs(app, creator, payoutId);
    if (payout.status === status) return payout;
    if (Date.now() > deadline) throw new Error(`payout ${payoutId} stayed ${payout.status}, not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The payout's bookings by kind: reserved, paid out, given back (each 0 or 1 when all is well). */
export async function countPayoutBookings(
  app: App,
  payoutId: string,
): Promise<{ reserved: number; paid: number; returned: number }> {
  const rows = await app.db
    .select({ reference: ledgerTransactions.reference })
    .from(ledgerTransactions)
    .where(like(ledgerTransactions.reference, `payout:%:${payoutId}`));
  const count = (kind: string) => rows.filter((row) => row.reference === `payout:${kind}:${payoutId}`).length;
  return { reserved: count('reserve'), paid: count('paid'), returned: count('return') };
}

/**
 * How every test of payouts ends: the ledger balanced, payouts_in_flight holding exactly the
 * payouts still open, and this payout paid out once, given back once, or still on its way.
 */
export async function expectPayoutSettledOnce(
  app: App,
  payoutId: string,
  outcome: 'paid' | 'returned' | 'open',
): Promise<void> {
  expect(await countPayoutBookings(app, payoutId)).toEqual({
    reserved: 1,
    paid: outcome === 'paid' ? 1 : 0,
    returned: outcome === 'returned' ? 1 : 0,
  });
  await expectBooksInOrder(app);
}

/** The ledger balanced, and payouts_in_flight the sum of the payouts not final. */
export async function expectBooksInOrder(app: App): Promise<void> {
  await expectLedgerBalanced(app);
  const [open] = await app.db
    .select({ total: sql<string>`coalesce(sum(${payouts.amount}), 0)` })
    .from(payouts)
    .where(inArray(payouts.status, ['INITIATED', 'ACCEPTED', 'ENQUEUED', 'SUBMITTED']));
  expect(await readBalance(app.db, PLATFORM_ACCOUNTS.payoutsInFlight)).toBe(Number(open?.total));
}

/** Waits until `check` answers something, for `timeoutMs` at most. */
export async function waitUntil<T>(
  check: () => Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Our payout row's status, read from the table (no poll that would ask pawaPay). */
export async function readStoredStatus(app: App, payoutId: string): Promise<TPayout['status'] | undefined> {
  const [row] = await app.db
    .select({ status: payouts.status })
    .from(payouts)
    .where(eq(payouts.payoutId, payoutId));
  return row?.status;
}
