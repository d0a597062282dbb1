import type { TCorrespondent } from '@stagepass/contract/mobile-money';
import type { PawapayAvailabilityStatus, PawapayPayout, PawapayPayoutRequest } from '../pawapay-api.ts';
import { findRequestRejection, type SandboxOutcome, type SandboxRejection } from './sandbox-outcomes.ts';

/**
 * How the sandbox decides a payout, like pawaPay's own sandbox: by the recipient number's
 * last three digits (…789 and anything not listed completes), and what it refuses at once.
 */

const PAYOUT_FAILURES: Record<string, { failureCode: string; failureMessage: string }> = {
  '089': {
    failureCode: 'RECIPIENT_NOT_FOUND',
    failureMessage: 'The recipient number is not registered for mobile money.',
  },
  '119': { failureCode: 'OTHER_ERROR', failureMessage: 'The operator reported an error.' },
};

export function decidePayoutOutcome(msisdn: string): SandboxOutcome {
  const suffix = msisdn.slice(-3);
  // The operator never confirms: the payout stays SUBMITTED, with no callback.
  if (suffix === '129') return { status: 'SUBMITTED' };
  const failure = PAYOUT_FAILURES[suffix];
  return failure ? { status: 'FAILED', ...failure } : { status: 'COMPLETED' };
}

/** The sandbox merchant's limits per payout, in kwacha (as its deposits'). */
export const SANDBOX_PAYOUT_LIMITS = { min: '1', max: '20000' } as const;

/**
 * Why pawaPay would refuse this payout whatever the moment (its operator, currency, number
 * or amount), or null. An operator's availability is asked apart (findClosedRejection): it
 * changes, and a repeated payoutId must be recognised before it is.
 */
export function findPayoutRejection(
  request: PawapayPayoutRequest,
  correspondents: readonly TCorrespondent[],
): SandboxRejection | null {
  return findRequestRejection(
    { ...request, msisdn: request.recipient.address.value },
    { correspondents, limits: SANDBOX_PAYOUT_LIMITS, party: 'RECIPIENT', operation: 'payout' },
  );
}

/** An operator whose payouts are CLOSED refuses new ones; DELAYED ones are taken and held. */
export function findClosedRejection(
  correspondent: string,
  status: PawapayAvailabilityStatus,
): SandboxRejection | null {
  if (status !== 'CLOSED') return null;
  return {
    rejectionCode: 'CORRESPONDENT_TEMPORARILY_UNAVAILABLE',
    rejectionMessage: `${correspondent} cannot pay out now.`,
  };
}

/** The fields a payout takes when final at `finalAt`; null when it never becomes final. */
export function toPayoutFinalReport(outcome: SandboxOutcome, finalAt: Date): Partial<PawapayPayout> | null {
  if (outcome.status === 'SUBMITTED') return null;
  if (outcome.status === 'FAILED') {
    return {
      status: 'FAILED',
      failureReason: { failureCode: outcome.failureCode, failureMessage: outcome.failureMessage },
    };
  }
  return {
    status: 'COMPLETED',
    receivedByRecipient: finalAt.toISOString(),
    correspondentIds: { FINANCIAL_TRANSACTION_ID: `SBXP${finalAt.getTime()}` },
  };
}

/** What fail-enqueued makes of a payout held ENQUEUED. */
export const MANUALLY_CANCELLED_REPORT = {
  status: 'FAILED',
  failureReason: {
    failureCode: 'MANUALLY_CANCELLED',
    failureMessage: 'The payout was cancelled while enqueued.',
  },
} as const satisfies Partial<PawapayPayout>;
