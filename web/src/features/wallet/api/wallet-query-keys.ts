/** Every wallet read sits under this prefix; a settled top-up invalidates it. */
export const walletQueryKey = ['wallet'] as const;
export const walletTransactionsQueryKey = [...walletQueryKey, 'transactions'] as const;
export const walletBalanceQueryKey = [...walletQueryKey, 'balance'] as const;
export const topupLimitsQueryKey = [...walletQueryKey, 'topup-limits'] as const;
export const cardTopupQueryKey = (topupId: string) => [...walletQueryKey, 'card-topups', topupId] as const;

/** The saved mobile money numbers and cards; every payment-method mutation invalidates it. */
export const paymentMethodsQueryKey = ['payment-methods'] as const;
export const cardProcessorQueryKey = ['card-processor'] as const;

export const WALLET_PAGE_SIZE = 20;
