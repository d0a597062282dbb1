import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getWallet } from './get-wallet';
import { walletTransactionsQueryKey } from './wallet-query-keys';

/** The wallet page: GET /api/wallet a page at a time (nextCursor), the balance with each. */
export function getWalletTransactionsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: walletTransactionsQueryKey,
    queryFn: ({ pageParam, signal }) => getWallet({ cursor: pageParam || undefined, signal }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useWalletTransactions() {
  return useInfiniteQuery(getWalletTransactionsQueryOptions());
}
