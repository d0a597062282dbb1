/**
 * Unlocking one item for good (the spec's unlock-exclusive-content), sold as the purchase
 * kind 'unlock' (contract/src/purchases.ts). Posts and audio tracks; videos when their
 * issue lands.
 */

export const UNLOCK_MESSAGES = {
  alreadyUnlocked: 'You have already unlocked this.',
  notForSale: 'This post is not pay-to-unlock.',
  trackNotForSale: 'This track is not pay-to-unlock.',
  videoNotForSale: 'This video is not pay-to-unlock.',
  seriesNotForSale: 'This series is not sold as a whole.',
  otherCreator: 'This post belongs to another creator.',
} as const;

/** Why a viewer sees an item's preview only: it is for pass holders, or sold on its own. */
export const LOCK_REASONS = ['subscribers', 'pay-to-unlock'] as const;
export type TLockReason = (typeof LOCK_REASONS)[number];
