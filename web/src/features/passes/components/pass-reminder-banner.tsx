import { Link } from 'react-router';
import { useSession } from '../../../lib/session';
import { CloseIcon } from '../../../ui/icons';
import { usePasses } from '../api/list-passes';
import {
  describePassReminder,
  describePassRenewal,
  dismissPassReminder,
  usePassReminders,
} from '../pass-reminders';
import './pass-reminders.css';

/**
 * The in-app side of the reminder mail: a dismissible notice for each pass that ends soon,
 * on the home, the feed and the passes page. Nothing for a visitor or without such a pass.
 */
export function PassReminderBanner() {
  const { data: user } = useSession();
  const passes = usePasses({ isEnabled: Boolean(user) });
  const reminders = usePassReminders(user ? passes.data : undefined);
  if (reminders.length === 0) return null;
  return (
    <section className="pass-reminders" aria-label="Pass reminders">
      {reminders.map((pass) => (
        <div key={pass.creator.username} className="pass-reminder">
          <div className="pass-reminder__text">
            <p className="pass-reminder__title">{describePassReminder(pass)}</p>
            <p className="pass-reminder__note">
              {describePassRenewal(pass)}{' '}
              {pass.isAutoRenew ? (
                <Link to="/passes">Your passes</Link>
              ) : (
                <Link to={`/manage-membership/${pass.creator.username}`}>Extend pass</Link>
              )}
            </p>
          </div>
          <button
            type="button"
            className="icon-button pass-reminder__dismiss"
            aria-label={`Dismiss the reminder about ${pass.creator.name}'s pass`}
            onClick={() => dismissPassReminder(pass, passes.data ?? [])}
          >
            <CloseIcon />
          </button>
        </div>
      ))}
    </section>
  );
}
