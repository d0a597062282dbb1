import { PAYOUT_SOURCES, type TPayoutSource } from '@stagepass/contract/payout-texts';

export type { TPayoutSource };
export { PAYOUT_SOURCES };

/** Each source of earnings as the dashboard names it. */
export const SOURCE_LABELS: Record<TPayoutSource, string> = {
  pass: 'Passes',
  unlock: 'Unlocks',
  tip: 'Tips',
  support: 'Support',
};
