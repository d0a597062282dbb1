import { PagedList } from '../../../ui/paged-list';
import { usePayoutList } from '../api/list-payouts';
import { PayoutItem } from './payout-item';

/** Every payout, newest first, a page at a time; those on their way update as they go. */
export function PayoutHistory() {
  const payouts = usePayoutList();
  const items = payouts.data?.pages.flatMap((page) => page.payouts) ?? [];
  return (
    <section className="payouts__section" aria-labelledby="payout-history-title">
      <h2 id="payout-history-title" className="payouts__section-title">
        Your payouts
      </h2>
      <PagedList
        query={payouts}
        itemCount={items.length}
        loading={<p role="status">Loading…</p>}
        failed={
          <p className="payouts__empty" role="alert">
            Your payouts could not be loaded. Try again later.
          </p>
        }
        empty={
          <p className="payouts__empty">No payouts yet. Your earnings wait here until you pay them out.</p>
        }
        moreClassName="payouts__more"
      >
        <ul className="payout-list" aria-label="Payouts">
          {items.map((payout) => (
            <PayoutItem key={payout.payoutId} payout={payout} />
          ))}
        </ul>
      </PagedList>
    </section>
  );
}
