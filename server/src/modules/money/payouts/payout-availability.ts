import { CORRESPONDENTS, type TCorrespondent } from '@stagepass/contract/mobile-money';
import { PAYOUT_MESSAGES } from '@stagepass/contract/payouts';
import { AppError } from '../../../lib/errors.ts';
import type { PawapayAvailabilityStatus } from '../providers/pawapay/pawapay-api.ts';
import { type PawapayClient, PawapayUnavailableError } from '../providers/pawapay/pawapay-client.ts';

// Short: a stale answer only costs a round trip (pawaPay itself enqueues or refuses the payout).
const AVAILABILITY_FRESH_MS = 10_000;

export type OperatorAvailability = { correspondent: TCorrespondent; status: PawapayAvailabilityStatus };

/**
 * Each Zambian operator's state for payouts, from pawaPay's availability, cached for ten
 * seconds (the payouts page shows it, every payout request and auto-payout run checks it).
 * When pawaPay cannot be asked, the last answer stands; with none, the read fails.
 */
export function createPayoutAvailabilityReader(pawapay: Pick<PawapayClient, 'getAvailability'>) {
  let cached: { at: number; operators: OperatorAvailability[] } | undefined;
  return async function readPayoutAvailability(): Promise<OperatorAvailability[]> {
    if (cached && Date.now() - cached.at < AVAILABILITY_FRESH_MS) return cached.operators;
    try {
      const countries = await pawapay.getAvailability();
      const zambia = countries.find((country) => country.country === 'ZMB');
      const operators = CORRESPONDENTS.map((correspondent) => {
        const entry = zambia?.correspondents.find((each) => each.correspondent === correspondent);
        const payout = entry?.operationTypes.find((operation) => operation.operationType === 'PAYOUT');
        // An operator pawaPay does not list for payouts cannot take one.
        return { correspondent, status: payout?.status ?? 'CLOSED' } as OperatorAvailability;
      });
      cached = { at: Date.now(), operators };
      return operators;
    } catch (error) {
      if (!(error instanceof PawapayUnavailableError)) throw error;
      if (cached) return cached.operators;
      throw new AppError('PROVIDER_UNAVAILABLE', PAYOUT_MESSAGES.providerUnavailable, 502);
    }
  };
}
