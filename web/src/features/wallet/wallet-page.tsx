import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useModal } from '../../lib/modals/use-modal';
import { formatKwacha } from '../../lib/money';
import { useDocumentTitle } from '../../lib/use-document-title';
import { countPendingLines, useWalletTransactions } from './api/get-wallet-transactions';
import { scheduleWalletRefresh } from './api/refresh-wallet';
import { TransactionList } from './components/transaction-list';
import '../../ui/page.css';
import './wallet.css';

/** /wallet (for accounts): the balance, a Top up button (the Topup panel) and the statement. */
export default function WalletPage() {
  useDocumentTitle('Wallet');
  return (
    <div className="page wallet">
      <h1 className="page__title">Wallet</h1>
      <WalletContent />
    </div>
  );
}

function WalletContent() {
  const { openModal } = useModal();
  const wallet = useWalletTransactions();
  const firstPage = wallet.data?.pages[0];
  const transactions = wallet.data?.pages.flatMap((page) => page.transactions) ?? [];
  useRefreshWhenTopupSettles(countPendingLines(firstPage?.transactions ?? []));

  return (
    <>
      <section className="wallet__summary" aria-label="Balance">
        <p className="wallet__balance">
          <span className="wallet__balance-label">Balance</span>
          <span className="wallet__balance-amount" data-testid="wallet-balance">
            {firstPage ? formatKwacha(firstPage.balance.amount) : wallet.isError ? '—' : '…'}
          </span>
        </p>
        <button type="button" className="button button--primary" onClick={() => openModal('topup')}>
          Top up
        </button>
      </section>
      <section aria-labelledby="wallet-transactions-title">
        <h2 id="wallet-transactions-title" className="wallet__section-title">
          Transactions
        </h2>
        {wallet.isPending ? (
          <p role="status">Loading…</p>
        ) : wallet.isError && !wallet.data ? (
          <p className="wallet__empty" role="alert">
            Your wallet could not be loaded. Try again later.
          </p>
        ) : transactions.length === 0 ? (
          <p className="wallet__empty">No transactions yet. Top up to start.</p>
        ) : (
          <TransactionList transactions={transactions} />
        )}
        {wallet.hasNextPage ? (
          <div className="wallet__more">
            <button
              type="button"
              className="button button--secondary"
              disabled={wallet.isFetchingNextPage}
              aria-busy={wallet.isFetchingNextPage}
              onClick={() => void wallet.fetchNextPage()}
            >
              {wallet.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </button>
          </div>
        ) : null}
      </section>
    </>
  );
}

/**
 * A pending top-up that settles while the page is open changes the balance: the account
 * menu's (the session's) and the Topup panel's are read again too.
 */
function useRefreshWhenTopupSettles(pendingCount: number) {
  const queryClient = useQueryClient();
  const previousCount = useRef(pendingCount);
  useEffect(() => {
    if (pendingCount < previousCount.current) scheduleWalletRefresh(queryClient);
    previousCount.current = pendingCount;
  }, [pendingCount, queryClient]);
}
