import type { CardChargeStatus } from '../card-processor.ts';
import { fingerprintCardNumber } from './sandbox-card-token.ts';

/**
 * As common card sandboxes do, the card number decides what a charge does. The sandbox
 * never sees the number again after tokenising: it recognises these numbers by the
 * fingerprint inside the token. Every other valid number succeeds.
 */
export const SANDBOX_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  requiresAuthentication: '4000002760003184',
} as const;

const OUTCOME_BY_NUMBER: [string, CardChargeStatus][] = [
  [SANDBOX_TEST_CARDS.declined, 'declined'],
  [SANDBOX_TEST_CARDS.insufficientFunds, 'insufficient_funds'],
  [SANDBOX_TEST_CARDS.requiresAuthentication, 'requires_action'],
];

/** What a new charge of the card with this fingerprint answers at once. */
export function decideChargeStatus(appSecret: string, fingerprint: string): CardChargeStatus {
  const match = OUTCOME_BY_NUMBER.find(
    ([number]) => fingerprintCardNumber(appSecret, number) === fingerprint,
  );
  return match ? match[1] : 'succeeded';
}

/** How long the bank's check waits for the card holder before the charge fails. */
export const CHALLENGE_EXPIRES_MS = 15 * 60_000;

export function isChallengeExpired(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() > CHALLENGE_EXPIRES_MS;
}
