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
