import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerAccounts, ledgerLines, ledgerTransactions } from '../../../db/schema/index.ts';
import { createFanWithBalance } from '../../../test/factories/money.ts';
import { createPerson } from '../../../test/factories/people.ts';
import { setupTestApp } from '../../../test/test-app.ts';
import {
  earningsAccountId,
  ensureEarningsAccount,
  ensurePlatformAccounts,
  ensureWalletAccount,
  InsufficientFundsError,
  PLATFORM_ACCOUNTS,
  postLedgerTransaction,
  readBalance,
  walletAccountId,
} from './ledger.service.ts';

const testApp = setupTestApp();
const { clearingPawapay, platformFees } = PLATFORM_ACCOUNTS;

/** A fan whose wallet holds `ngwee`, booked as a top-up; the wallet's account id. */
async function fundedWallet(ngwee: number): Promise<{ userId: string; wallet: string }> {
  const { id: userId } = await createFanWithBalance(testApp.app, ngwee);
  return { userId, wallet: walletAccountId(userId) };
}

async function sumOfLines(accountId: string): Promise<number> {
  const [row] = await testApp.app.db
    .select({ total: sql<string>`coalesce(sum(${ledgerLines.amount}), 0)` })
    .from(ledgerLines)
    .where(eq(ledgerLines.accountId, accountId));
  return Number(row?.total);
}

describe('the ledger', () => {
  it('books a top-up and a tip in balanced lines, each balance the sum of its lines', async () => {
    const { db } = testApp.app;
    const { wallet } = await fundedWallet(5000);
    const { id: creatorId } = await createPerson(testApp.app);
    const earnings = await ensureEarningsAccount(db, creatorId);
    const clearingBefore = await readBalance(db, clearingPawapay);

    await postLedgerTransaction(db, {
      kind: 'tip',
      lines: [
        { accountId: wallet, amount: -2000 },
        { accountId: earnings, amount: 1800 },
        { accountId: platformFees, amount: 200 },
      ],
    });

    expect(await readBalance(db, wallet)).toBe(3000);
    expect(await readBalance(db, earningsAccountId(creatorId))).toBe(1800);
    for (const account of [wallet, earnings, platformFees, clearingPawapay]) {
      expect(await readBalance(db, account)).toBe(await sumOfLines(account));
    }
    expect(await readBalance(db, clearingPawapay)).toBe(clearingBefore);
  });

  it('refuses lines that do not sum to zero, in the code and in the database', async () => {
    const { db } = testApp.app;
    const { wallet } = await fundedWallet(1000);
    await expect(
      postLedgerTransaction(db, {
        kind: 'tip',
        lines: [
          { accountId: wallet, amount: -500 },
          { accountId: platformFees, amount: 400 },
        ],
      }),
    ).rejects.toThrow('sum to -100, not zero');
    await expect(
      postLedgerTransaction(db, {
        kind: 'tip',
        lines: [
          { accountId: wallet, amount: 0.5 },
          { accountId: platformFees, amount: -0.5 },
        ],
      }),
    ).rejects.toThrow('whole, non-zero number of ngwee');

    // Written straight to the tables, an unbalanced transaction fails at commit.
    const linesBefore = await db.select({ id: ledgerLines.id }).from(ledgerLines);
    await expect(
      db.transaction(async (tx) => {
        const [booked] = await tx.insert(ledgerTransactions).values({ kind: 'forged' }).returning();
        await tx.insert(ledgerLines).values({ transactionId: booked!.id, accountId: wallet, amount: 100 });
      }),
    ).rejects.toThrow();
    expect(await db.select({ id: ledgerLines.id }).from(ledgerLines)).toHaveLength(linesBefore.length);
    expect(await readBalance(db, wallet)).toBe(1000);
  });

  it('keeps lines and transactions as they are, and balances out of reach', async () => {
    const { db } = testApp.app;
    const { wallet } = await fundedWallet(700);
    await expect(
      db.update(ledgerLines).set({ amount: 1 }).where(eq(ledgerLines.accountId, wallet)),
    ).rejects.toThrow();
    await expect(db.delete(ledgerLines).where(eq(ledgerLines.accountId, wallet))).rejects.toThrow();
    await expect(db.delete(ledgerTransactions)).rejects.toThrow();
    await expect(
      db.update(ledgerAccounts).set({ balance: 1_000_000 }).where(eq(ledgerAccounts.id, wallet)),
    ).rejects.toThrow();
    await expect(
      db.insert(ledgerAccounts).values({ id: 'wallet:nobody', kind: 'platform_fees', balance: 500 }),
    ).rejects.toThrow();
    expect(await readBalance(db, wallet)).toBe(700);
  });

  it('never takes a wallet below zero, also when spends race', async () => {
    const { db } = testApp.app;
    const { wallet } = await fundedWallet(1000);
    await expect(
      postLedgerTransaction(db, {
        kind: 'purchase',
        lines: [
          { accountId: wallet, amount: -1001 },
          { accountId: platformFees, amount: 1001 },
        ],
      }),
    ).rejects.toBeInstanceOf(InsufficientFundsError);

    // Five spends of K6 at once from K10: exactly one goes through.
    const spends = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        postLedgerTransaction(db, {
          kind: 'purchase',
          lines: [
            { accountId: wallet, amount: -600 },
            { accountId: platformFees, amount: 600 },
          ],
        }),
      ),
    );
    expect(spends.filter((spend) => spend.status === 'fulfilled')).toHaveLength(1);
    for (const spend of spends.filter((spend) => spend.status === 'rejected')) {
      expect(spend.reason).toBeInstanceOf(InsufficientFundsError);
    }
    expect(await readBalance(db, wallet)).toBe(400);
    expect(await sumOfLines(wallet)).toBe(400);
  });

  it('books an outside event once, however often and however concurrently it is reported', async () => {
    const { db } = testApp.app;
    const { id: userId } = await createPerson(testApp.app, { role: 'fan' });
    await ensurePlatformAccounts(db);
    const wallet = await ensureWalletAccount(db, userId);
    const credit = () =>
      postLedgerTransaction(db, {
        kind: 'topup',
        reference: 'pawapay:deposit:0b6c5f3e-8d4a-4e7a-9f2a-3c1d2e4f5a6b',
        lines: [
          { accountId: clearingPawapay, amount: -2000 },
          { accountId: wallet, amount: 2000 },
        ],
      });
    const answers = await Promise.all([credit(), credit(), credit()]);
    expect(answers.filter((answer) => answer !== null)).toHaveLength(1);
    expect(await credit()).toBeNull();
    expect(await readBalance(db, wallet)).toBe(2000);
  });
});
