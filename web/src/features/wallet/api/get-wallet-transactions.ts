import { DEPOSIT_STATUS_POLL_MS } from '@stagepass/contract/wallet';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { readTransactionState } from '../transaction-format';
import type { TWalletTransaction } from './get-wallet';
import { getWallet } from './get-wallet';
import { walletTransactionsQueryKey } from './wallet-query-keys';

/** How many of these lines are top-ups still waiting for the operator. */
export function countPendingLines(transactions: readonly TWalletTransaction[]): number {
  return transactions.filter(({ status }) => readTransactionState(status).label === 'Pending').length;
}

/** The wallet page: GET /api/wallet a page at a time (nextCursor), the balance with each. */
export function getWalletTransactionsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: walletTransactionsQueryKey,
    queryFn: ({ pageParam, signal }) => getWallet({ cursor: pageParam || undefined, signal }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // A top-up left pending (the Topup panel closed before the operator answered) settles
    // on the server later: the statement keeps reading until it shows the result.
    refetchInterval: (query) =>
      countPendingLines(query.state.data?.pages[0]?.transactions ?? []) > 0 ? DEPOSIT_STATUS_POLL_MS : false,
  });
}

export function useWalletTransactions() {
  return useInfiniteQuery(getWalletTransactionsQueryOptions());
}
