/** Every payouts read sits under this prefix; a payout that ends invalidates the earnings and the list. */
export const payoutsQueryKey = ['payouts'] as const;
export const earningsQueryKey = [...payoutsQueryKey, 'earnings'] as const;
export const payoutListQueryKey = [...payoutsQueryKey, 'list'] as const;
export const payoutAvailabilityQueryKey = [...payoutsQueryKey, 'availability'] as const;
export const payoutQueryKey = (payoutId: string) => [...payoutsQueryKey, 'one', payoutId] as const;
export const creatorAnalyticsQueryKey = (range: string) => ['creator-analytics', range] as const;

export const PAYOUTS_PAGE_SIZE = 10;
