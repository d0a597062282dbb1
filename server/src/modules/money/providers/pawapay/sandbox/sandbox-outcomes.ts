import { predictOperator, type TCorrespondent } from '@stagepass/contract/mobile-money';
import { providerAmountToNgwee } from '@stagepass/contract/wallet';
import type { PawapayDepositRequest } from '../pawapay-api.ts';

/**
 * How the sandbox decides a deposit, like pawaPay's own sandbox: by the payer number's
 * last three digits. Anything not listed completes.
 */

export type SandboxOutcome =
  | { status: 'COMPLETED' }
  | { status: 'FAILED'; failureCode: string; failureMessage: string }
  /** Stays SUBMITTED and never calls back: a payer who never answers the prompt. */
  | { status: 'SUBMITTED' };

const FAILURES: Record<string, { failureCode: string; failureMessage: string }> = {
  '049': { failureCode: 'INSUFFICIENT_BALANCE', failureMessage: 'The payer does not have enough funds.' },
  '039': { failureCode: 'PAYMENT_NOT_APPROVED', failureMessage: 'The payer did not approve the payment.' },
  '029': {
    failureCode: 'PAYER_NOT_FOUND',
    failureMessage: 'The payer number is not registered for mobile money.',
  },
  '069': { failureCode: 'OTHER_ERROR', failureMessage: 'The operator reported an error.' },
};

export function decideOutcome(msisdn: string): SandboxOutcome {
  const suffix = msisdn.slice(-3);
  if (suffix === '129') return { status: 'SUBMITTED' };
  const failure = FAILURES[suffix];
  return failure ? { status: 'FAILED', ...failure } : { status: 'COMPLETED' };
}

/** The sandbox merchant's limits per deposit, in kwacha (pawaPay's sample configuration). */
export const SANDBOX_DEPOSIT_LIMITS = { min: '1', max: '20000' } as const;

export type SandboxRejection = { rejectionCode: string; rejectionMessage: string };

/** Why pawaPay would refuse this deposit at once, or null when it accepts it. */
export function findRejection(
  request: PawapayDepositRequest,
  correspondents: readonly TCorrespondent[],
): SandboxRejection | null {
  return findRequestRejection(
    { ...request, msisdn: request.payer.address.value },
    { correspondents, limits: SANDBOX_DEPOSIT_LIMITS, party: 'PAYER', operation: 'deposit' },
  );
}

/**
 * The checks deposits and payouts share: a configured operator, its currency and country, a
 * number of that operator, an amount within the limits. `party` and `operation` name the
 * request in pawaPay's codes and words (INVALID_PAYER_FORMAT, 'The smallest deposit …').
 */
export function findRequestRejection(
  request: { correspondent: string; currency: string; country: string; msisdn: string; amount: string },
  rules: {
    correspondents: readonly TCorrespondent[];
    limits: { min: string; max: string };
    party: 'PAYER' | 'RECIPIENT';
    operation: 'deposit' | 'payout';
  },
): SandboxRejection | null {
  const { correspondents, limits, party, operation } = rules;
  if (!(correspondents as readonly string[]).includes(request.correspondent)) {
    return {
      rejectionCode: 'INVALID_CORRESPONDENT',
      rejectionMessage: `${request.correspondent} is not configured.`,
    };
  }
  if (request.currency !== 'ZMW' || request.country !== 'ZMB') {
    return {
      rejectionCode: 'INVALID_CURRENCY',
      rejectionMessage: `${request.correspondent} takes ZMW in ZMB.`,
    };
  }
  const { msisdn } = request;
  if (!/^260\d{9}$/.test(msisdn) || predictOperator(msisdn)?.correspondent !== request.correspondent) {
    return {
      rejectionCode: `INVALID_${party}_FORMAT`,
      rejectionMessage: `${msisdn} is not a ${request.correspondent} number.`,
    };
  }
  const ngwee = providerAmountToNgwee(request.amount);
  if (ngwee < providerAmountToNgwee(limits.min)) {
    return {
      rejectionCode: 'AMOUNT_TOO_SMALL',
      rejectionMessage: `The smallest ${operation} is ${limits.min} ZMW.`,
    };
  }
  if (ngwee > providerAmountToNgwee(limits.max)) {
    return {
      rejectionCode: 'AMOUNT_TOO_LARGE',
      rejectionMessage: `The largest ${operation} is ${limits.max} ZMW.`,
    };
  }
  return null;
}
