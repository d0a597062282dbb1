import type { TWalletResponse, walletRoutes } from '@stagepass/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { WALLET_PAGE_SIZE, walletBalanceQueryKey } from './wallet-query-keys';

// Types only from the contract (its schemas bring zod); the statement's infinite query lives
// in get-wallet-transactions.ts. The account menu reads the balance from the session instead.
export type { TWalletResponse };
export type TWalletTransaction = TWalletResponse['transactions'][number];

type WalletPageOptions = { cursor?: string; limit?: number; signal?: AbortSignal };

/** GET /api/wallet: the balance and one page of the statement, newest first. */
export function getWallet({ cursor, limit = WALLET_PAGE_SIZE, signal }: WalletPageOptions = {}) {
  return requestRoute<typeof walletRoutes.getWallet>('GET /api/wallet', { query: { cursor, limit }, signal });
}

/** The balance alone (the account menu, the Topup panel): one line of statement comes with it. */
export function getWalletBalanceQueryOptions() {
  return queryOptions({
    queryKey: walletBalanceQueryKey,
    queryFn: ({ signal }) => getWallet({ limit: 1, signal }),
    select: (wallet) => wallet.balance,
    staleTime: 60 * 1000,
  });
}

export function useWalletBalance({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...getWalletBalanceQueryOptions(), enabled: isEnabled });
}
