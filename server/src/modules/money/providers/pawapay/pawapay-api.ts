import { CORRESPONDENTS } from '@stagepass/contract/mobile-money';
import { ZProviderAmount } from '@stagepass/contract/wallet';
import { z } from 'zod';

/**
 * pawaPay's Merchant API, version 1: its paths and field names live here and nowhere else,
 * so moving to v2 (other paths, payer { type: 'MMO', accountDetails }, status { status:
 * 'FOUND', data }) touches this module and its client only. Both our client and our sandbox
 * read these schemas: the sandbox cannot drift from what the client expects.
 * Reference: docs.pawapay.io/v1 (deposits, toolkit, callbacks) and shared/notes/payments.md.
 */

export const PAWAPAY_API_VERSION = 'v1';

export const PAWAPAY_PATHS = {
  deposits: '/deposits',
  deposit: (depositId: string) => `/deposits/${encodeURIComponent(depositId)}`,
  resendDepositCallback: '/deposits/resend-callback',
  activeConfiguration: '/active-conf',
  predictCorrespondent: '/v1/predict-correspondent',
  publicKeys: '/public-key/http',
  payouts: '/payouts',
  payout: (payoutId: string) => `/payouts/${encodeURIComponent(payoutId)}`,
  bulkPayouts: '/payouts/bulk',
  resendPayoutCallback: '/payouts/resend-callback',
  failEnqueuedPayout: (payoutId: string) => `/payouts/fail-enqueued/${encodeURIComponent(payoutId)}`,
  availability: '/availability',
} as const;

/** Final and intermediate statuses of a deposit at pawaPay. */
export const PAWAPAY_DEPOSIT_STATUSES = ['ACCEPTED', 'SUBMITTED', 'ENQUEUED', 'COMPLETED', 'FAILED'] as const;

export const ZPawapayPayer = z.object({
  type: z.literal('MSISDN'),
  address: z.object({ value: z.string() }),
});

export const ZPawapayDepositRequest = z.object({
  depositId: z.uuid(),
  amount: ZProviderAmount,
  currency: z.string().length(3),
  country: z.string().length(3),
  correspondent: z.string().min(1),
  payer: ZPawapayPayer,
  customerTimestamp: z.string(),
  statementDescription: z.string().regex(/^[A-Za-z0-9 ]{4,22}$/),
  preAuthorisationCode: z.string().optional(),
  metadata: z
    .array(z.object({ fieldName: z.string(), fieldValue: z.string(), isPII: z.boolean().optional() }))
    .max(10)
    .optional(),
});
export type PawapayDepositRequest = z.infer<typeof ZPawapayDepositRequest>;

export const ZPawapayRejectionReason = z.object({
  rejectionCode: z.string(),
  rejectionMessage: z.string().optional().default(''),
});

export const ZPawapayInitiationAnswer = z.object({
  depositId: z.string(),
  status: z.enum(['ACCEPTED', 'REJECTED', 'DUPLICATE_IGNORED']),
  created: z.string().optional(),
  rejectionReason: ZPawapayRejectionReason.optional(),
});
export type PawapayInitiationAnswer = z.infer<typeof ZPawapayInitiationAnswer>;

/** A deposit as GET /deposits/{id} lists it and as the callback posts it. */
export const ZPawapayDeposit = z.object({
  depositId: z.string(),
  status: z.enum(PAWAPAY_DEPOSIT_STATUSES),
  requestedAmount: ZProviderAmount,
  depositedAmount: ZProviderAmount.optional(),
  currency: z.string(),
  country: z.string(),
  correspondent: z.string(),
  payer: ZPawapayPayer,
  customerTimestamp: z.string(),
  statementDescription: z.string().optional().default(''),
  created: z.string(),
  respondedByPayer: z.string().optional(),
  correspondentIds: z.record(z.string(), z.string()).optional(),
  failureReason: z
    .object({ failureCode: z.string(), failureMessage: z.string().optional().default('') })
    .optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type PawapayDeposit = z.infer<typeof ZPawapayDeposit>;

/** GET /deposits/{id}: an array of at most one deposit; empty when pawaPay never received it. */
export const ZPawapayDepositLookup = z.array(ZPawapayDeposit).max(1);

export const ZPawapayResendAnswer = z.object({
  depositId: z.string(),
  status: z.enum(['ACCEPTED', 'REJECTED']),
  rejectionReason: ZPawapayRejectionReason.optional(),
});

const ZOperationConfiguration = z.object({
  operationType: z.string(),
  minTransactionLimit: ZProviderAmount,
  maxTransactionLimit: ZProviderAmount,
});

export const ZPawapayActiveConfiguration = z.object({
  merchantId: z.string().nullable().optional(),
  merchantName: z.string().nullable().optional(),
  countries: z.array(
    z.object({
      country: z.string(),
      correspondents: z.array(
        z.object({
          correspondent: z.string(),
          currency: z.string(),
          ownerName: z.string().nullable().optional(),
          operationTypes: z.array(ZOperationConfiguration),
        }),
      ),
    }),
  ),
});
export type PawapayActiveConfiguration = z.infer<typeof ZPawapayActiveConfiguration>;

export const ZPawapayPrediction = z.object({
  country: z.string(),
  operator: z.string(),
  correspondent: z.enum(CORRESPONDENTS),
  msisdn: z.string(),
});

export const ZPawapayPublicKeys = z.array(z.object({ id: z.string(), key: z.string() }));

/** Final and intermediate statuses of a payout at pawaPay. */
export const PAWAPAY_PAYOUT_STATUSES = ['ACCEPTED', 'ENQUEUED', 'SUBMITTED', 'COMPLETED', 'FAILED'] as const;

/** The recipient, as the payer of a deposit: type MSISDN, the number digits only. */
export const ZPawapayRecipient = ZPawapayPayer;

export const ZPawapayPayoutRequest = z.object({
  payoutId: z.uuid(),
  amount: ZProviderAmount,
  currency: z.string().length(3),
  country: z.string().length(3),
  correspondent: z.string().min(1),
  recipient: ZPawapayRecipient,
  customerTimestamp: z.string(),
  statementDescription: z.string().regex(/^[A-Za-z0-9 ]{4,22}$/),
  metadata: z
    .array(z.object({ fieldName: z.string(), fieldValue: z.string(), isPII: z.boolean().optional() }))
    .max(10)
    .optional(),
});
export type PawapayPayoutRequest = z.infer<typeof ZPawapayPayoutRequest>;

export const ZPawapayPayoutInitiationAnswer = z.object({
  payoutId: z.string(),
  status: z.enum(['ACCEPTED', 'ENQUEUED', 'REJECTED', 'DUPLICATE_IGNORED']),
  created: z.string().optional(),
  rejectionReason: ZPawapayRejectionReason.optional(),
});
export type PawapayPayoutInitiationAnswer = z.infer<typeof ZPawapayPayoutInitiationAnswer>;

/** POST /payouts/bulk: one answer per payout, each on its own. */
export const ZPawapayBulkPayoutAnswer = z.array(ZPawapayPayoutInitiationAnswer);
/** pawaPay may refuse a bulk request of more than this many payouts. */
export const PAWAPAY_BULK_PAYOUT_LIMIT = 20;

/** A payout as GET /payouts/{id} lists it and as the callback posts it. */
export const ZPawapayPayout = z.object({
  payoutId: z.string(),
  status: z.enum(PAWAPAY_PAYOUT_STATUSES),
  amount: ZProviderAmount,
  currency: z.string(),
  country: z.string(),
  correspondent: z.string(),
  recipient: ZPawapayRecipient,
  customerTimestamp: z.string(),
  statementDescription: z.string().optional().default(''),
  created: z.string(),
  receivedByRecipient: z.string().optional(),
  correspondentIds: z.record(z.string(), z.string()).optional(),
  failureReason: z
    .object({ failureCode: z.string(), failureMessage: z.string().optional().default('') })
    .optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export type PawapayPayout = z.infer<typeof ZPawapayPayout>;

/** GET /payouts/{id}: an array of at most one payout; empty when pawaPay never received it. */
export const ZPawapayPayoutLookup = z.array(ZPawapayPayout).max(1);

/** POST /payouts/resend-callback and POST /payouts/fail-enqueued/{id}. */
export const ZPawapayPayoutActionAnswer = z.object({
  payoutId: z.string(),
  status: z.enum(['ACCEPTED', 'REJECTED', 'FAILED']),
  rejectionReason: ZPawapayRejectionReason.optional(),
});
export type PawapayPayoutActionAnswer = z.infer<typeof ZPawapayPayoutActionAnswer>;

export const PAWAPAY_AVAILABILITY_STATUSES = ['OPERATIONAL', 'DELAYED', 'CLOSED'] as const;
export type PawapayAvailabilityStatus = (typeof PAWAPAY_AVAILABILITY_STATUSES)[number];

/** GET /availability: per country and correspondent, a status per operation (DEPOSIT, PAYOUT, REFUND). */
export const ZPawapayAvailability = z.array(
  z.object({
    country: z.string(),
    correspondents: z.array(
      z.object({
        correspondent: z.string(),
        operationTypes: z.array(
          z.object({ operationType: z.string(), status: z.enum(PAWAPAY_AVAILABILITY_STATUSES) }),
        ),
      }),
    ),
  }),
);
export type PawapayAvailability = z.infer<typeof ZPawapayAvailability>;
