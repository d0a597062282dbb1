import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  type LedgerAccountKind,
  ledgerAccounts,
  ledgerLines,
  ledgerTransactions,
} from '../../../db/schema/index.ts';
import { findDatabaseError, SQL_STATE } from '../../../lib/database-errors.ts';

/**
 * Booking money: every movement is one ledger transaction whose lines sum to zero
 * (docs/decisions/008-ledger.md). The database enforces the rules as well (balanced at
 * commit, wallets never below zero, lines append-only); this module is how the rest of
 * the server books, and what it answers when a rule says no.
 */

export type LedgerLine = { accountId: string; amount: number };

/** The platform's own accounts: one each, owned by nobody. */
export const PLATFORM_ACCOUNTS = {
  platformFees: 'platform_fees',
  clearingPawapay: 'clearing_pawapay',
  clearingCard: 'clearing_card',
  payoutsInFlight: 'payouts_in_flight',
} as const satisfies Record<string, LedgerAccountKind>;

/**
 * Purchases book their fee to one of these buckets of platform_fees (`platform_fees:0` …
 * `platform_fees:15`), not to the one row: each booking locks its accounts' rows until it
 * commits, so one fee row would make every purchase wait for the one before
 * (`npm run bench:purchases`). The fees are the sum of the row and its buckets (readBalance).
 */
export const PLATFORM_FEE_BUCKETS = 16;
const platformFeeBucketIds = Array.from(
  { length: PLATFORM_FEE_BUCKETS },
  (_, bucket) => `${PLATFORM_ACCOUNTS.platformFees}:${bucket}`,
);

/** The fee bucket a booking named by `key` (a purchase's id) books its fee to; the same key, the same bucket. */
export function platformFeesAccountId(key: string): string {
  let hash = 0;
  for (let index = 0; index < key.length; index += 1) hash = (hash * 31 + key.charCodeAt(index)) >>> 0;
  return platformFeeBucketIds[hash % PLATFORM_FEE_BUCKETS]!;
}

export const walletAccountId = (userId: string) => `wallet:${userId}`;
export const earningsAccountId = (userId: string) => `earnings:${userId}`;

/** A spend that would take a wallet below zero: nothing of the transaction was booked. */
export class InsufficientFundsError extends Error {
  override name = 'InsufficientFundsError';
}

/** The person's wallet account, made at first use. */
export async function ensureWalletAccount(db: Pick<Db, 'insert'>, userId: string): Promise<string> {
  const id = walletAccountId(userId);
  await db.insert(ledgerAccounts).values({ id, kind: 'wallet', ownerId: userId }).onConflictDoNothing();
  return id;
}

/** The creator's earnings account, made at first use. */
export async function ensureEarningsAccount(db: Pick<Db, 'insert'>, userId: string): Promise<string> {
  const id = earningsAccountId(userId);
  await db.insert(ledgerAccounts).values({ id, kind: 'earnings', ownerId: userId }).onConflictDoNothing();
  return id;
}

/** The platform's accounts, made at first use. */
export async function ensurePlatformAccounts(db: Pick<Db, 'insert'>): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values([
      ...Object.values(PLATFORM_ACCOUNTS).map((id) => ({ id, kind: id })),
      ...platformFeeBucketIds.map((id) => ({ id, kind: PLATFORM_ACCOUNTS.platformFees })),
    ])
    .onConflictDoNothing();
}

// The platform's accounts are made once per database and never removed: one round trip
// saved on every booking that needs them.
const databasesWithPlatformAccounts = new WeakSet<Db>();
export async function ensurePlatformAccountsOnce(db: Db): Promise<void> {
  if (databasesWithPlatformAccounts.has(db)) return;
  await ensurePlatformAccounts(db);
  databasesWithPlatformAccounts.add(db);
}

/**
 * Books one transaction. With a `reference` (the outside event it books, such as
 * 'pawapay:deposit:<id>') it happens at most once: a second booking of the same reference,
 * at the same time or later, books nothing and answers null. Throws InsufficientFundsError
 * when a wallet would go below zero; then nothing is booked. Pass a transaction as `db` to
 * book together with other writes (the booking then commits or rolls back with them).
 */
export async function postLedgerTransaction(
  db: Db,
  entry: { kind: string; reference?: string; description?: string; lines: readonly LedgerLine[] },
): Promise<{ transactionId: number } | null> {
  assertBalanced(entry.lines);
  try {
    return await db.transaction(async (tx) => {
      const [booked] = await tx
        .insert(ledgerTransactions)
        .values({
          kind: entry.kind,
          reference: entry.reference ?? null,
          description: entry.description ?? '',
        })
        .onConflictDoNothing({ target: ledgerTransactions.reference })
        .returning({ id: ledgerTransactions.id });
      if (!booked) return null;
      // Accounts in one order for every booking: each line locks its account's row, and
      // two bookings taking the same rows in other orders could deadlock.
      const lines = [...entry.lines].sort((a, b) =>
        a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0,
      );
      await tx.insert(ledgerLines).values(lines.map((line) => ({ ...line, transactionId: booked.id })));
      return { transactionId: booked.id };
    });
  } catch (error) {
    if (findDatabaseError(error, SQL_STATE.checkViolation)?.constraint === 'ledger_balance_not_negative') {
      throw new InsufficientFundsError('A wallet would go below zero.');
    }
    throw error;
  }
}

/** An account's balance in ngwee (0 for an account not made yet); platform_fees's with its buckets'. */
export async function readBalance(db: Pick<Db, 'select'>, accountId: string): Promise<number> {
  if (accountId === PLATFORM_ACCOUNTS.platformFees) {
    const [fees] = await db
      .select({ balance: sql<string | null>`sum(${ledgerAccounts.balance})` })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.id, [accountId, ...platformFeeBucketIds]));
    return Number(fees?.balance ?? 0);
  }
  const [account] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId));
  return account?.balance ?? 0;
}

/** Money is whole ngwee, every line moves some, and the lines sum to zero. */
function assertBalanced(lines: readonly LedgerLine[]): void {
  if (lines.length < 2) throw new Error('A ledger transaction needs at least two lines.');
  let total = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amount) || line.amount === 0) {
      throw new Error(`A ledger line moves a whole, non-zero number of ngwee, not ${line.amount}.`);
    }
    total += line.amount;
  }
  if (total !== 0) throw new Error(`The lines of a ledger transaction sum to ${total}, not zero.`);
}
