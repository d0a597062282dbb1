import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useSignedInUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useEarnings } from './api/get-earnings';
import { AutoPayoutSetting } from './components/auto-payout-setting';
import { EarningsSummary } from './components/earnings-summary';
import { OperatorAvailability } from './components/operator-availability';
import { PayoutHistory } from './components/payout-history';
import '../../ui/page.css';
import '../../ui/badge.css';
import '../../ui/button.css';
import './payouts.css';

// The dashboard loads after the amounts: they are what a creator opens the page for.
const CreatorAnalytics = lazy(() => import('./analytics/creator-analytics'));

/**
 * /payouts (creators): what is available and on its way, the Payout button (`?modal=payout`),
 * the operators' state, auto-payout, every payout live until final, and the analytics.
 */
export default function PayoutsPage() {
  useDocumentTitle('Payouts');
  const earnings = useEarnings();
  const user = useSignedInUser();
  return (
    <div className="page payouts">
      <h1 className="page__title">Payouts</h1>
      {earnings.isError ? (
        <p className="payouts__empty" role="alert">
          Your earnings could not be loaded. Try again later.
        </p>
      ) : (
        <EarningsSummary earnings={earnings.data} />
      )}
      <OperatorAvailability />
      <p className="payouts__links">
        Payouts go to your mobile money numbers: add or change them in{' '}
        <Link to={`/${user.username}/settings`}>Settings</Link>.
      </p>
      <p className="payouts__links">
        Who pays you, and their messages: <Link to="/members">Members and supporters</Link>.
      </p>
      {earnings.data ? <AutoPayoutSetting earnings={earnings.data} /> : null}
      <PayoutHistory />
      <Suspense fallback={<p role="status">Loading your analytics…</p>}>
        <CreatorAnalytics />
      </Suspense>
    </div>
  );
}
