import { randomUUID } from 'node:crypto';
import type { TCorrespondent } from '@stagepass/contract/mobile-money';
import type { TDeposit, TDepositRequest } from '@stagepass/contract/wallet';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import type { App } from '../../../app.ts';
import { type DepositRow, deposits, ledgerLines, ledgerTransactions } from '../../../db/schema/index.ts';
import { setupTestApp } from '../../../test/test-app.ts';

// Helpers for the deposit tests: the app listens on a real port, because our pawaPay
// client reaches the sandbox (and the sandbox our callback) over HTTP.

/** The sandbox settles in SETTLE_MS; the job and the deadline are short so tests stay quick. */
export const SETTLE_MS = 300;

export function setupListeningTestApp(env: Record<string, string> = {}) {
  const testApp = setupTestApp({
    env: {
      PAWAPAY_SANDBOX_SETTLE_MS: String(SETTLE_MS),
      PAWAPAY_TIMEOUT_MS: '2000',
      JOB_CONCURRENCY: '0',
      ...env,
    },
  });
  beforeAll(async () => {
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  });
  return testApp;
}

export function depositRequest(
  phone: string,
  overrides: Partial<TDepositRequest> = {},
): TDepositRequest & { statementDescription: string } {
  const correspondent: TCorrespondent =
    phone.startsWith('26076') || phone.startsWith('26096')
      ? 'MTN_MOMO_ZMB'
      : phone.startsWith('26095') || phone.startsWith('26075')
        ? 'ZAMTEL_ZMB'
        : 'AIRTEL_OAPI_ZMB';
  return {
    depositId: randomUUID(),
    amount: '20',
    currency: 'ZMW',
    country: 'ZMB',
    correspondent,
    payer: { type: 'MSISDN', address: { value: phone } },
    customerTimestamp: new Date().toISOString(),
    statementDescription: 'Wallet topup',
    preAuthorisationCode: 'A1B2C3D4E5F6G7H8',
    ...overrides,
  };
}

export async function postDeposit(app: App, cookie: string, body: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/pawapay/deposits-api/deposit',
    headers: { cookie },
    payload: body as object,
  });
}

export async function readStatus(app: App, cookie: string, depositId: string): Promise<TDeposit> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/pawapay/deposits-api/deposit-status/${depositId}`,
    headers: { cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  const deposit = response.json().result[0];
  if (!deposit) throw new Error('no deposit in the status answer');
  return deposit;
}

/** Polls like the Topup panel does (only faster) until the deposit's status is one of `statuses`. */
export async function waitForStatus(
  app: App,
  cookie: string,
  depositId: string,
  statuses: string[],
): Promise<TDeposit> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const deposit = await readStatus(app, cookie, depositId);
    if (statuses.includes(deposit.status)) return deposit;
    if (Date.now() > deadline) throw new Error(`deposit ${depositId} stayed ${deposit.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function readWalletBalance(app: App, cookie: string): Promise<number> {
  const response = await app.inject({ url: '/api/wallet', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().balance.amount;
}

/** How many ledger transactions booked this deposit (exactly once means 1). */
export async function countBookings(app: App, depositId: string): Promise<number> {
  const rows = await app.db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.reference, `pawapay:deposit:${depositId}`));
  return rows.length;
}

/** Every line of the ledger sums to zero, and every account's balance is the sum of its lines. */
export async function expectLedgerBalanced(app: App): Promise<void> {
  const [total] = await app.db
    .select({ sum: sql<string>`coalesce(sum(${ledgerLines.amount}), 0)` })
    .from(ledgerLines);
  expect(Number(total?.sum)).toBe(0);
  const drift = await app.db.execute(sql`
    select a.id from ledger_accounts a
    left join (select account_id, sum(amount) as total from ledger_lines group by account_id) l on l.account_id = a.id
    where a.balance <> coalesce(l.total, 0)`);
  expect((drift as unknown as { rows: unknown[] }).rows).toEqual([]);
}

/**
 * A deposit pawaPay has accepted and not settled, written straight to its table: for tests
 * whose app does not listen, so cannot reach the sandbox over HTTP. Answers its depositId.
 */
export async function insertAcceptedDeposit(app: App, userId: string): Promise<string> {
  const depositId = randomUUID();
  await app.db.insert(deposits).values({
    depositId,
    userId,
    status: 'ACCEPTED',
    requestedAmount: 2000,
    currency: 'ZMW',
    country: 'ZMB',
    correspondent: 'MTN_MOMO_ZMB',
    payerPhone: '260763456789',
    customerTimestamp: new Date().toISOString(),
    statementDescription: 'Stagepass top-up',
  });
  return depositId;
}

/** The person's deposit rows as stored, for tests that prove nothing changed them. */
export function listDepositRowsOf(app: App, userId: string): Promise<DepositRow[]> {
  return app.db.select().from(deposits).where(eq(deposits.userId, userId));
}

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
