import { randomUUID } from 'node:crypto';
import { CARD_TOPUP_LIMITS, CARD_TOPUP_MESSAGES, type TCardTopup } from '@stagepass/contract/card-topups';
import type { TPurchaseFunding } from '@stagepass/contract/purchases';
import {
  COUNTRY,
  CURRENCY,
  DEPOSIT_STATEMENT_DESCRIPTION,
  ngweeToProviderAmount,
  type ZDepositRequest,
} from '@stagepass/contract/wallet';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { type CardTopupRow, deposits, type PurchaseRow } from '../../../db/schema/index.ts';
import { AppError } from '../../../lib/errors.ts';
import {
  type CardTopupDependencies,
  chargeCardTopup,
  findCardTopup,
  requireCardProcessor,
  saveCardTopup,
  toCardTopupView,
} from '../card-topups/card-topups.service.ts';
import { saveDeposit, startDeposit } from '../deposits/deposits.service.ts';
import type { PawapayClient } from '../providers/pawapay/pawapay-client.ts';

/**
 * The top-up of a purchase's shortfall, by mobile money (a pawaPay deposit) or by card (a
 * card top-up): saved in the purchase's own transaction, started once it is committed. The
 * purchase then waits on it (awaiting-topups.ts) the same way whichever kind it is.
 */

export type ShortfallFunding = Exclude<TPurchaseFunding, { method: 'wallet' }>;

/** What a purchase's answer carries about its top-up: `deposit` for mobile money, `cardTopup` for a card. */
export type AwaitedTopupView = {
  deposit?: { depositId: string; status: string };
  cardTopup?: TCardTopup;
};

export type ShortfallTopup = {
  topupId: string;
  /** Inside the purchase's transaction. */
  save(tx: Db): Promise<void>;
  /** After the commit: asks the provider to take the money. */
  start(): Promise<AwaitedTopupView>;
};

/** Card funding needs the card processor and the public address; a wallet-only caller (pass renewals) has neither. */
export type ShortfallDependencies = Omit<CardTopupDependencies, 'cardProcessor' | 'publicUrl'> &
  Partial<Pick<CardTopupDependencies, 'cardProcessor' | 'publicUrl'>> & { pawapay: PawapayClient };

/** pawaPay's smallest deposit, K1, and a card top-up's: what is left over stays in the wallet. */
export const MIN_TOPUP_NGWEE = CARD_TOPUP_LIMITS.minAmount;

export function prepareShortfallTopup(
  options: ShortfallDependencies & { fanId: string; funding: ShortfallFunding; shortfall: number },
): ShortfallTopup {
  const { fanId, funding } = options;
  const amount = Math.max(options.shortfall, MIN_TOPUP_NGWEE);
  if (funding.method === 'card') {
    const cardDependencies: CardTopupDependencies = {
      ...options,
      cardProcessor: requireCardProcessor(options.cardProcessor),
      publicUrl: options.publicUrl ?? '',
    };
    if (amount > CARD_TOPUP_LIMITS.maxAmount) {
      throw new AppError('VALIDATION_ERROR', CARD_TOPUP_MESSAGES.amountTooLarge, 400, 'funding');
    }
    const request = {
      topupId: randomUUID(),
      amount,
      paymentMethodId: funding.paymentMethodId,
      returnPath: funding.returnPath,
    };
    let saved: CardTopupRow | undefined;
    return {
      topupId: request.topupId,
      save: async (tx) => {
        saved = (await saveCardTopup(tx, fanId, request)).topup;
      },
      start: async () => {
        if (!saved) throw new Error('The card top-up was started before it was saved.');
        return { cardTopup: toCardTopupView(await chargeCardTopup(cardDependencies, saved)) };
      },
    };
  }
  const depositRequest: z.output<typeof ZDepositRequest> = {
    depositId: randomUUID(),
    amount: ngweeToProviderAmount(amount),
    currency: CURRENCY,
    country: COUNTRY,
    correspondent: funding.correspondent,
    payer: { type: 'MSISDN', address: { value: funding.phone } },
    customerTimestamp: new Date().toISOString(),
    statementDescription: DEPOSIT_STATEMENT_DESCRIPTION,
  };
  return {
    topupId: depositRequest.depositId,
    save: async (tx) => {
      await saveDeposit(tx, fanId, depositRequest);
    },
    start: async () => {
      const started = await startDeposit({ ...options, userId: fanId, request: depositRequest });
      return { deposit: { depositId: depositRequest.depositId, status: started.status } };
    },
  };
}

/** The top-up a purchase waits on (or waited on), as the purchase's answer shows it. */
export async function readAwaitedTopup(db: Db, row: PurchaseRow): Promise<AwaitedTopupView> {
  if (!row.awaitedTopupId) return {};
  if (row.funding === 'card') {
    const topup = await findCardTopup(db, row.awaitedTopupId);
    return topup ? { cardTopup: toCardTopupView(topup) } : {};
  }
  const [deposit] = await db
    .select({ depositId: deposits.depositId, status: deposits.status })
    .from(deposits)
    .where(eq(deposits.depositId, row.awaitedTopupId));
  return deposit ? { deposit } : {};
}
