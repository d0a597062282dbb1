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
        A pass opens a creator's subscribers-only posts until it ends. Paid for from your{' '}
        <Link to="/wallet">wallet</Link>.
      </p>
      <PassReminderBanner />
      {passes.isPending ? (
        <p role="status">Loading…</p>
      ) : passes.isError ? (
        <p className="pass-list__empty" role="alert">
          Your passes could not be loaded. Try again later.
        </p>
      ) : passes.data.length === 0 ? (
        <p className="pass-list__empty">
          No passes yet. Join a creator from their profile to see their subscribers-only posts.
        </p>
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
