import { CORRESPONDENTS, type TCorrespondent } from '@stagepass/contract/mobile-money';
import {
  providerAmountToNgwee,
  type TTopupLimitsResponse,
  type TWalletResponse,
  type TWalletTransaction,
  WALLET_MESSAGES,
} from '@stagepass/contract/wallet';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, readRows } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../../lib/keyset-cursor.ts';
import { earningsAccountId, readBalance, walletAccountId } from '../ledger/ledger.service.ts';
import { type PawapayClient, PawapayUnavailableError } from '../providers/pawapay/pawapay-client.ts';
import { namePurchaseLines } from '../purchases/statement-names.ts';

/**
 * The wallet as its owner sees it: the balance (the ledger account's, the sum of its lines)
 * and one statement merging top-ups (mobile money and card), whatever their status, with every other movement of
 * the wallet's money booked in the ledger (tips and purchases), newest first. A creator's
 * statement also holds what reached their earnings, and the answer their earnings balance.
 */

// A card top-up in the statement's words, which are the deposits' (pawaPay's statuses):
// one still being decided by the bank is pending, like an ACCEPTED deposit.
const CARD_TOPUP_AS_DEPOSIT_STATUS = sql.raw(
  "case c.status when 'completed' then 'COMPLETED' when 'failed' then 'FAILED' else 'ACCEPTED' end",
);
const CARD_BRAND_NAME = sql.raw(
  "case c.card_brand when 'visa' then 'Visa' when 'mastercard' then 'Mastercard' " +
    "when 'amex' then 'American Express' when 'discover' then 'Discover' else 'Card' end",
);

type StatementRow = {
  id: string;
  kind: string;
  account: TWalletTransaction['account'];
  reference: string | null;
  status: TWalletResponse['transactions'][number]['status'];
  amount: string | number;
  currency: string;
  description: string;
  created_at: string;
  failure_code: string | null;
};

export async function readWallet(options: {
  db: Db;
  userId: string;
  isCreator: boolean;
  cursor?: string;
  limit: number;
}): Promise<TWalletResponse> {
  const { db, userId, limit } = options;
  const wallet = walletAccountId(userId);
  const earnings = earningsAccountId(userId);
  const after = decodeCursor(options.cursor);
  const result = await db.execute(sql`
    select * from (
      select 'deposit:' || d.deposit_id as id, 'topup' as kind, 'wallet' as account,
             null as reference, d.status,
             coalesce(d.deposited_amount, d.requested_amount) as amount, d.currency,
             d.statement_description as description,
             to_char(d.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
             d.failure_code
        from deposits d where d.user_id = ${userId}
      union all
      select 'card-topup:' || c.topup_id, 'topup', 'wallet', null,
             ${CARD_TOPUP_AS_DEPOSIT_STATUS},
             c.amount, c.currency,
             'Card top-up, ' || ${CARD_BRAND_NAME} || ' •••• ' || c.card_last4,
             to_char(c.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
             c.failure_code
        from card_topups c where c.user_id = ${userId}
      union all
      select 'ledger:' || l.id, t.kind, case when l.account_id = ${wallet} then 'wallet' else 'earnings' end,
             t.reference, 'COMPLETED', l.amount, 'ZMW', t.description,
             to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), null
        from ledger_lines l join ledger_transactions t on t.id = l.transaction_id
       where l.account_id in (${wallet}, ${earnings}) and t.kind <> 'topup'
    ) statement
    ${after ? sql`where (created_at, id) < (${after.createdAt}, ${after.id})` : sql``}
    order by created_at desc, id desc
    limit ${limit + 1}`);
  const found = readRows<StatementRow>(result);
  const page = found.slice(0, limit);
  const last = page.at(-1);
  const names = await namePurchaseLines(db, page);
  return {
    success: true,
    balance: { amount: await readBalance(db, wallet), currency: 'ZMW' },
    earnings: options.isCreator ? { amount: await readBalance(db, earnings), currency: 'ZMW' } : null,
    transactions: page.map((row) => {
      const named = names.get(row.id);
      return {
        id: row.id,
        kind: row.kind,
        status: row.status,
        amount: Number(row.amount),
        currency: row.currency,
        description: named?.description ?? row.description,
        account: row.account,
        purchaseId: named?.purchaseId ?? null,
        counterpart: named?.counterpart ?? null,
        createdAt: row.created_at,
        failureCode: row.failure_code,
      };
    }),
    nextCursor: found.length > limit && last ? encodeCursor(last.created_at, last.id) : null,
  };
}

// The statement's key, (created_at desc, id desc), as [createdAt, id].
const ZStatementCursor = z
  .tuple([z.string().refine((text) => !Number.isNaN(Date.parse(text))), z.string()])
  .transform(([createdAt, id]) => ({ createdAt, id }));

function encodeCursor(createdAt: string, id: string): string {
  return encodeKeysetCursor([createdAt, id]);
}

function decodeCursor(cursor: string | undefined): { createdAt: string; id: string } | null {
  return decodeKeysetCursor(
    cursor,
    ZStatementCursor,
    () => new AppError('VALIDATION_ERROR', 'This is not a cursor from an earlier page.', 400, 'cursor'),
  );
}

const LIMITS_FRESH_MS = 10 * 60_000;

/**
 * What pawaPay lets us move per deposit (or, with 'PAYOUT', per payout) now, from its
 * active configuration, cached for ten minutes.
 */
export function createTopupLimitsReader(
  pawapay: PawapayClient,
  operationType: 'DEPOSIT' | 'PAYOUT' = 'DEPOSIT',
) {
  let cached: { at: number; limits: TTopupLimitsResponse['limits'] } | undefined;
  return async function readTopupLimits(): Promise<TTopupLimitsResponse['limits']> {
    if (cached && Date.now() - cached.at < LIMITS_FRESH_MS) return cached.limits;
    try {
      const configuration = await pawapay.getActiveConfiguration();
      const zambia = configuration.countries.find((country) => country.country === 'ZMB');
      const limits = (zambia?.correspondents ?? []).flatMap((entry) => {
        const operation = entry.operationTypes.find((each) => each.operationType === operationType);
        if (!operation || !(CORRESPONDENTS as readonly string[]).includes(entry.correspondent)) return [];
        return [
          {
            correspondent: entry.correspondent as TCorrespondent,
            minAmount: providerAmountToNgwee(operation.minTransactionLimit),
            maxAmount: providerAmountToNgwee(operation.maxTransactionLimit),
          },
        ];
      });
      cached = { at: Date.now(), limits };
      return limits;
    } catch (error) {
      if (error instanceof PawapayUnavailableError) {
        if (cached) return cached.limits;
        throw new AppError('PROVIDER_UNAVAILABLE', WALLET_MESSAGES.providerUnavailable, 502);
      }
      throw error;
    }
  };
}
