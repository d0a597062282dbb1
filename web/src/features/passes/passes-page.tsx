import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';
import { usePasses } from './api/list-passes';
import { PassItem } from './components/pass-item';
import { PassReminderBanner } from './components/pass-reminder-banner';
import '../../ui/page.css';
import '../../ui/button.css';
import './pass-list.css';

/**
 * /passes (for accounts): the fan's passes, active first (the soonest to end first), each
 * with its expiry and a switch to renew it from the wallet balance.
 */
export default function PassesPage() {
  useDocumentTitle('Your passes');
  const passes = usePasses();
  return (
    <div className="page passes-page">
      <h1 className="page__title">Your passes</h1>
      <p className="page__lead">
        A pass opens what a creator keeps for pass holders until it ends. Paid for from your{' '}
        <Link to="/wallet">wallet</Link>.
      </p>
      <PassReminderBanner />
      {passes.isPending ? (
        <p role="status">Loading…</p>
      ) : passes.isError ? (
        <div className="empty-state" role="alert">
          <p className="empty-state__text">Your passes could not be loaded. Try again later.</p>
        </div>
      ) : passes.data.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state__title">No passes yet</p>
          <p className="empty-state__text">
            Join a creator from their profile to see what they keep for pass holders.
          </p>
        </div>
      ) : (
        <ul className="pass-list" aria-label="Passes">
          {passes.data.map((pass) => (
            <PassItem key={pass.creator.username} pass={pass} />
          ))}
        </ul>
      )}
    </div>
  );
}
