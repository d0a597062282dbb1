import { PagedList } from '../../../ui/paged-list';
import { useReceipts } from '../api/list-receipts';
import { ReceiptList } from './receipt-list';

/** The wallet page's receipts: every pass, unlock, tip and support, with its status and, when it failed, why. */
export function ReceiptsSection() {
  const receipts = useReceipts();
  const items = receipts.data?.pages.flatMap((page) => page.purchases) ?? [];
  return (
    <section aria-labelledby="wallet-receipts-title" className="wallet__receipts">
      <h2 id="wallet-receipts-title" className="wallet__section-title">
        Receipts
      </h2>
      <PagedList
        query={receipts}
        itemCount={items.length}
        loading={<p role="status">Loading…</p>}
        failed={
          <p className="wallet__empty" role="alert">
            Your receipts could not be loaded. Try again later.
          </p>
        }
        empty={
          <p className="wallet__empty">No purchases yet. Passes, unlocks, tips and support show here.</p>
        }
        moreClassName="wallet__more"
      >
        <ReceiptList receipts={items} />
      </PagedList>
    </section>
  );
}
