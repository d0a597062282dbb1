import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useModal } from '../../lib/modals/use-modal';
import { formatKwacha } from '../../lib/money';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PagedList } from '../../ui/paged-list';
import { countPendingLines, useWalletTransactions } from './api/get-wallet-transactions';
import { scheduleWalletRefresh } from './api/refresh-wallet';
import { ReceiptsSection } from './components/receipts-section';
import { TransactionList } from './components/transaction-list';
import '../../ui/page.css';
import './wallet.css';

/**
 * /wallet (for accounts): the balance (and a creator's earnings), a Top up button (the
 * Topup panel), the statement, and the receipts of every purchase, failed ones too.
 */
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
        <div className="wallet__balances">
          <p className="wallet__balance">
            <span className="wallet__balance-label">Balance</span>
            <span className="wallet__balance-amount" data-testid="wallet-balance">
              {firstPage ? formatKwacha(firstPage.balance.amount) : wallet.isError ? '—' : '…'}
            </span>
          </p>
          {firstPage?.earnings ? (
            <p className="wallet__balance">
              <span className="wallet__balance-label">Earnings</span>
              <span className="wallet__balance-amount" data-testid="wallet-earnings">
                {formatKwacha(firstPage.earnings.amount)}
              </span>
              <span className="wallet__balance-note">What fans paid you, after the platform's fee.</span>
            </p>
          ) : null}
        </div>
        <button type="button" className="button button--primary" onClick={() => openModal('topup')}>
          Top up
        </button>
      </section>
      <p className="wallet__links">
        <Link to="/passes">Your passes</Link>
      </p>
      <section aria-labelledby="wallet-transactions-title">
        <h2 id="wallet-transactions-title" className="wallet__section-title">
          Transactions
        </h2>
        <PagedList
          query={wallet}
          itemCount={transactions.length}
          loading={<p role="status">Loading…</p>}
          failed={
            <p className="wallet__empty" role="alert">
              Your wallet could not be loaded. Try again later.
            </p>
          }
          empty={<p className="wallet__empty">No transactions yet. Top up to start.</p>}
          moreClassName="wallet__more"
        >
          <TransactionList transactions={transactions} />
        </PagedList>
      </section>
      <ReceiptsSection />
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
