import { z } from 'zod';
import { ZCardTopupIdParams, ZCardTopupRequest, ZCardTopupResponse } from './card-topups.ts';
import { ZErrorResponse } from './errors.ts';
import { CORRESPONDENTS } from './mobile-money.ts';
import { formatKwacha } from './money-format.ts';
import { defineRoutes } from './routes.ts';

/**
 * The wallet and its top-ups by mobile money: the spec's proxy paths for pawaPay's v1
 * deposits API (section 7) and GET /api/wallet. Money in our own answers is integer ngwee;
 * in the deposit paths it is pawaPay's decimal string of kwacha ("20" is K20), because the
 * spec's client speaks pawaPay's shape. docs/decisions/009-deposits.md tells the flow.
 */

export const CURRENCY = 'ZMW';
export const COUNTRY = 'ZMB';
export const DEPOSIT_STATEMENT_DESCRIPTION = 'Wallet topup';
export const PRE_AUTHORISATION_CODE_LENGTH = 16;
/** Whole kwacha the Topup panel offers. */
export const TOPUP_PRESETS = [10, 20, 40, 50, 100] as const;
/** How often the Topup panel asks for the status while it is not final. */
export const DEPOSIT_STATUS_POLL_MS = 10_000;

export const WALLET_MESSAGES = {
  amountRequired: 'Enter an amount to top up.',
  amountWhole: 'Enter a whole number of kwacha.',
  amountTooSmall: (minKwacha: number) => `The smallest top-up is ${formatKwacha(minKwacha * 100)}.`,
  amountTooLarge: (maxKwacha: number) => `The largest top-up is ${formatKwacha(maxKwacha * 100)}.`,
  processing: 'Proccessing..',
  waiting: 'Waiting for Transaction..',
  promptSent:
    'A prompt has been initiated on your phone, Confirm the payment on your device to complete the transaction.',
  completed: 'Transaction was successful',
  failed: 'Transaction failed!',
  tryAgain: 'Try again',
  insufficientFunds:
    "We couldn't proccess the transaction due to insufficient funds.Topup your balance and try again.",
  errorOccured: 'An error occured!',
  depositNotFound: 'There is no such deposit.',
  providerUnavailable:
    'The mobile money provider did not answer. If your phone asks you to confirm, do: the payment is checked again and credited once.',
  amountPositive: 'amount must be more than 0',
  depositIdTaken: 'This deposit id is already in use.',
} as const;

/** pawaPay's amount: digits with up to two decimals, no sign, no exponent ("5", "5.5"). */
export const ZProviderAmount = z
  .string()
  .regex(/^(0|[1-9]\d{0,11})(\.\d{1,2})?$/, 'amount is a decimal string of kwacha, such as "20" or "20.50"');

/** "20.5" → 2050 ngwee, digit by digit (no float touches money). */
export function providerAmountToNgwee(amount: string): number {
  const [kwacha = '0', decimals = ''] = amount.split('.');
  return Number(kwacha) * 100 + Number(decimals.padEnd(2, '0'));
}

/** 2050 → "20.5", 2000 → "20": pawaPay's shortest form. */
export function ngweeToProviderAmount(ngwee: number): string {
  const kwacha = Math.trunc(ngwee / 100);
  const rest = ngwee % 100;
  if (rest === 0) return String(kwacha);
  return `${kwacha}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

export const ZCorrespondent = z.enum(CORRESPONDENTS);
/** The payer as pawaPay v1 names it: digits only, country code first. */
export const ZPayer = z.object({
  type: z.literal('MSISDN'),
  address: z.object({ value: z.string().regex(/^260\d{9}$/, 'payer.address.value is 260 and 9 digits') }),
});

/** The spec's deposit body. The payer's account is the session's, never the body's. */
export const ZDepositRequest = z.object({
  depositId: z.uuidv4(),
  amount: ZProviderAmount.refine(
    (amount) => providerAmountToNgwee(amount) > 0,
    WALLET_MESSAGES.amountPositive,
  ),
  currency: z.literal(CURRENCY),
  country: z.literal(COUNTRY),
  correspondent: ZCorrespondent,
  payer: ZPayer,
  customerTimestamp: z.iso.datetime({ offset: true }),
  statementDescription: z
    .string()
    .regex(/^[A-Za-z0-9 ]{4,22}$/, 'statementDescription is 4 to 22 letters, digits or spaces')
    .default(DEPOSIT_STATEMENT_DESCRIPTION),
  preAuthorisationCode: z
    .string()
    .regex(/^[A-Za-z0-9]+$/)
    .length(PRE_AUTHORISATION_CODE_LENGTH)
    .optional(),
});
export type TDepositRequest = z.input<typeof ZDepositRequest>;

export const INITIATION_STATUSES = ['ACCEPTED', 'REJECTED', 'DUPLICATE_IGNORED'] as const;
export const ZRejectionReason = z.object({ rejectionCode: z.string(), rejectionMessage: z.string() });

export const ZDepositResponse = z.object({
  success: z.literal(true),
  result: z.object({
    depositId: z.uuid(),
    status: z.enum(INITIATION_STATUSES),
    created: z.string().optional(),
    rejectionReason: ZRejectionReason.optional(),
  }),
});
export type TDepositResponse = z.infer<typeof ZDepositResponse>;

/**
 * A deposit's status. INITIATED is ours: the deposit is saved but the provider has not
 * confirmed it yet (its answer was lost); the status calls and the reconciliation job
 * settle it.
 */
export const DEPOSIT_STATUSES = [
  'INITIATED',
  'ACCEPTED',
  'SUBMITTED',
  'COMPLETED',
  'FAILED',
  'REJECTED',
] as const;
export type TDepositStatus = (typeof DEPOSIT_STATUSES)[number];
export const FINAL_DEPOSIT_STATUSES: readonly TDepositStatus[] = ['COMPLETED', 'FAILED', 'REJECTED'];

export const ZFailureReason = z.object({ failureCode: z.string(), failureMessage: z.string() });

/** One deposit in pawaPay v1's shape. */
export const ZDeposit = z.object({
  depositId: z.uuid(),
  status: z.enum(DEPOSIT_STATUSES),
  requestedAmount: ZProviderAmount,
  depositedAmount: ZProviderAmount.optional(),
  currency: z.string(),
  country: z.string(),
  correspondent: ZCorrespondent,
  payer: ZPayer,
  customerTimestamp: z.string(),
  statementDescription: z.string(),
  created: z.string(),
  failureReason: ZFailureReason.optional(),
  rejectionReason: ZRejectionReason.optional(),
});
export type TDeposit = z.infer<typeof ZDeposit>;

/** As pawaPay v1 answers a status call: an array of at most one deposit. */
export const ZDepositStatusResponse = z.object({ success: z.literal(true), result: z.array(ZDeposit) });
export type TDepositStatusResponse = z.infer<typeof ZDepositStatusResponse>;

export const ZResendDepositCallbackResponse = z.object({
  success: z.literal(true),
  result: z.object({ depositId: z.uuid(), status: z.enum(['ACCEPTED', 'REJECTED']) }),
});
export type TResendDepositCallbackResponse = z.infer<typeof ZResendDepositCallbackResponse>;

export const ZDepositIdParams = z.object({ depositId: z.uuid() });
export type TDepositIdParams = z.input<typeof ZDepositIdParams>;
export const ZResendParams = z.object({ id: z.uuid() });
export type TResendParams = z.input<typeof ZResendParams>;

/** What a person may top up with each operator now, in ngwee (from the provider's configuration). */
export const ZTopupLimitsResponse = z.object({
  success: z.literal(true),
  limits: z.array(
    z.object({ correspondent: ZCorrespondent, minAmount: z.number().int(), maxAmount: z.number().int() }),
  ),
});
export type TTopupLimitsResponse = z.infer<typeof ZTopupLimitsResponse>;

export const WALLET_TRANSACTION_KINDS = [
  'topup',
  'tip',
  'purchase',
  'subscription',
  'refund',
  'adjustment',
] as const;

export const STATEMENT_ACCOUNTS = ['wallet', 'earnings'] as const;

/**
 * A line of the statement: a top-up (whatever its status) or a booked movement of the
 * wallet, or, for a creator, of their earnings.
 */
export const ZWalletTransaction = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  /**
   * Ngwee: positive into the account, negative out of it. A failed top-up shows what was
   * asked; a purchase shows what the fan paid, and on the creator's earnings what reached
   * them (the price less the platform's fee).
   */
  amount: z.number().int(),
  currency: z.string(),
  /** For a purchase, named for the reader: 'Tip "Munkoyo" to Mutinta Hamoonga' (or 'from …' for the creator). */
  description: z.string(),
  /** Which of the person's accounts the line moved: the wallet, or a creator's earnings. */
  account: z.enum(STATEMENT_ACCOUNTS),
  /** The purchase the line books, when it books one: its receipt in GET /api/purchases. */
  purchaseId: z.string().nullable(),
  /** The other person of a purchase (its creator for the fan, its fan for the creator). */
  counterpart: z.object({ username: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  failureCode: z.string().nullable(),
});
export type TWalletTransaction = z.infer<typeof ZWalletTransaction>;

export const ZWalletQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TWalletQuery = z.input<typeof ZWalletQuery>;

export const ZWalletResponse = z.object({
  success: z.literal(true),
  balance: z.object({ amount: z.number().int(), currency: z.string() }),
  /** A creator's earnings account (what fans paid them, less fees); null for a fan. */
  earnings: z.object({ amount: z.number().int(), currency: z.string() }).nullable(),
  transactions: z.array(ZWalletTransaction),
  /** Pass as cursor for older transactions; null at the end. */
  nextCursor: z.string().nullable(),
});
export type TWalletResponse = z.infer<typeof ZWalletResponse>;

const tags = ['wallet'];

export const walletRoutes = defineRoutes({
  getWallet: {
    method: 'GET',
    path: '/api/wallet',
    audience: 'signed-in',
    tags,
    summary: "The signed-in person's wallet: balance and statement",
    description:
      'balance.amount and every transaction amount are integer ngwee (ZMW). transactions: top-ups ' +
      'with their status (a failed one shows what was asked) and every other movement of the ' +
      'wallet, newest first; pass nextCursor as cursor for older ones. A purchase is named for ' +
      "the reader and shows what the fan paid (the platform's fee is not shown to the fan). For " +
      'a creator, earnings is the earnings balance and the statement also holds what reached ' +
      'their earnings (account earnings: the price less the fee).',
    querystring: ZWalletQuery,
    response: { 200: ZWalletResponse, 400: ZErrorResponse, 401: ZErrorResponse },
  },
  getTopupLimits: {
    method: 'GET',
    path: '/api/wallet/topup-limits',
    audience: 'anyone',
    tags,
    summary: 'The smallest and largest top-up per mobile money operator now, in ngwee',
    description:
      "From pawaPay's active configuration, cached for ten minutes. 502 when pawaPay cannot be asked.",
    response: { 200: ZTopupLimitsResponse, 502: ZErrorResponse },
  },
  createCardTopup: {
    method: 'POST',
    path: '/api/wallet/card-topups',
    audience: 'signed-in',
    tags,
    summary: "Top up the signed-in person's wallet from one of their saved cards",
    description:
      'Body { topupId (a UUID made by the client), amount (ngwee, K1 to K20,000), paymentMethodId ' +
      '(a saved card), returnPath? }. The top-up is saved before the card is charged; sending the ' +
      'same topupId again answers the same top-up and never charges twice (another body under it ' +
      'is 409). topup.status: completed (credited once), failed (failureCode DECLINED, ' +
      'INSUFFICIENT_FUNDS, AUTHENTICATION_REFUSED; failureReason in words), requires-action (open ' +
      'challengeUrl: the bank asks the person to approve; the browser comes back to returnPath with ' +
      '?cardTopup=<id>) or processing (poll GET). 201 for a new top-up, 200 for a repeat; 503 ' +
      'CARDS_UNAVAILABLE where no card processor is configured.',
    body: ZCardTopupRequest,
    response: {
      200: ZCardTopupResponse,
      201: ZCardTopupResponse,
      400: ZErrorResponse,
      401: ZErrorResponse,
      404: ZErrorResponse,
      409: ZErrorResponse,
      429: ZErrorResponse,
      503: ZErrorResponse,
    },
  },
  getCardTopup: {
    method: 'GET',
    path: '/api/wallet/card-topups/:topupId',
    audience: 'signed-in',
    tags,
    summary: 'One of your card top-ups, as it is now',
    description:
      'A top-up not yet final is first re-checked with the card processor, and credited (once) ' +
      "when its charge succeeded. Another person's top-up is 404.",
    params: ZCardTopupIdParams,
    response: { 200: ZCardTopupResponse, 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse },
  },
  returnFromCardChallenge: {
    method: 'GET',
    path: '/api/wallet/card-topups/:topupId/return',
    audience: 'anyone',
    tags,
    summary: 'Where the card processor sends the browser back after a 3-D Secure check',
    description:
      "Re-checks the top-up's charge with the processor (crediting it once if it succeeded), then " +
      'redirects (303) to the returnPath the top-up was made with, adding ?cardTopup=<id>.',
    params: ZCardTopupIdParams,
  },
});

const depositRefusals = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  429: ZErrorResponse,
  502: ZErrorResponse,
};

/** The spec's proxy paths for pawaPay deposits, and pawaPay's callback (docs/decisions/009-deposits.md). */
export const depositRoutes = defineRoutes({
  startDeposit: {
    method: 'POST',
    path: '/api/pawapay/deposits-api/deposit',
    audience: 'signed-in',
    tags,
    summary: "Top up the signed-in person's wallet by mobile money (pawaPay v1 deposit)",
    description:
      "The body is pawaPay v1's deposit request: depositId a UUIDv4 chosen by the client (a repeat by " +
      "the same person is the same deposit, never a second one; another person's id is 409), amount " +
      'the decimal string of kwacha ("20" is K20), currency ZMW, country ZMB, correspondent, payer ' +
      "{ type: 'MSISDN', address: { value: '260…' } }. The payer's account is the session's. The " +
      'deposit is saved before pawaPay is called. result.status is ACCEPTED, REJECTED (with ' +
      'rejectionReason; no money moves) or DUPLICATE_IGNORED. 502 when pawaPay did not answer: ' +
      'the deposit is re-checked in the background and credited once if it went through.',
    body: ZDepositRequest,
    response: { 200: ZDepositResponse, ...depositRefusals },
  },
  getDepositStatus: {
    method: 'POST',
    path: '/api/pawapay/deposits-api/deposit-status/:depositId',
    audience: 'signed-in',
    tags,
    summary: 'The status of one of your deposits, as pawaPay v1 answers it (an array of one)',
    description:
      'Read result[0].status (INITIATED: saved, not yet confirmed by pawaPay; ACCEPTED, SUBMITTED, ' +
      'COMPLETED, FAILED, REJECTED) and result[0].failureReason.failureCode (INSUFFICIENT_BALANCE, ' +
      'PAYER_NOT_FOUND, PAYMENT_NOT_APPROVED, …). A deposit not yet final is re-checked with pawaPay ' +
      "first, and credited to the wallet (once) when it completed. Another person's deposit is 404.",
    params: ZDepositIdParams,
    response: { 200: ZDepositStatusResponse, ...depositRefusals },
  },
  resendDepositCallback: {
    method: 'POST',
    path: '/api/pawapay/deposits-api/resend-deposit-callback/:id',
    audience: 'signed-in',
    tags,
    summary: 'Ask pawaPay to send the callback of one of your final deposits again',
    description:
      "ACCEPTED when pawaPay will send it; REJECTED when the deposit is not final yet. 404 for another's.",
    params: ZResendParams,
    response: { 200: ZResendDepositCallbackResponse, ...depositRefusals },
  },
  /** Its body is read as raw bytes (the signature covers them), so it declares no schema. */
  receiveDepositCallback: {
    method: 'POST',
    path: '/api/pawapay/callbacks/deposits',
    audience: 'anyone',
    tags,
    summary: "pawaPay's callback with a deposit's final status",
    description:
      'Posted by pawaPay, not by people. With signed callbacks (always for the sandbox) the RFC 9421 ' +
      'signature over the raw body must hold, else 401 and nothing moves; without them the deposit ' +
      'is re-checked with pawaPay. 200 once applied (again: no second credit); 404 for a deposit we ' +
      'do not know yet, so pawaPay sends it again.',
  },
});
