import type { TMobileMoneyMethod } from '@stagepass/contract/payment-methods';
import type { Db } from '../../../db/client.ts';
import { readBalance, walletAccountId } from '../ledger/ledger.service.ts';
import { listPaymentMethods } from '../payment-methods/payment-methods.service.ts';

/**
 * A person's money in brief, for the session view (what tipping checks and the account
 * menu shows): the wallet's balance in ngwee, from the ledger, and the saved mobile money
 * numbers. Other modules read it here rather than from money's tables.
 */
export type WalletSummary = { balance: number; mobileMoney: TMobileMoneyMethod[] };

export async function readWalletSummary(db: Db, userId: string): Promise<WalletSummary> {
  const [balance, methods] = await Promise.all([
    readBalance(db, walletAccountId(userId)),
    listPaymentMethods({ db, userId }),
  ]);
  return { balance, mobileMoney: methods.mobileMoney };
}
