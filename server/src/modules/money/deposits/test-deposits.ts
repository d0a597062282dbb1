import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import type { App } from '../../../app.ts';
import { ledgerLines, ledgerTransactions } from '../../../db/schema/index.ts';
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

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
