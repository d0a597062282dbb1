import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryKey } from '../../../lib/session';
import { walletQueryKey } from './wallet-query-keys';

/** The spec's 1-second debounce before the profile update that follows a completed payment. */
export const WALLET_REFRESH_DEBOUNCE_MS = 1000;

let pendingRefresh: ReturnType<typeof setTimeout> | undefined;

/**
 * Fetches the balance, the statement and the session again a second after the last call.
 * Module-level, so closing the panel within that second does not cancel it.
 */
export function scheduleWalletRefresh(queryClient: QueryClient) {
  clearTimeout(pendingRefresh);
  pendingRefresh = setTimeout(() => {
    pendingRefresh = undefined;
    void queryClient.invalidateQueries({ queryKey: walletQueryKey });
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }, WALLET_REFRESH_DEBOUNCE_MS);
}
