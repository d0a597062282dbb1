import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePasses } from '../api/list-passes';
import { describePassReminder, describePassRenewal, usePassReminders } from '../pass-reminders';
import './pass-reminders.css';

/**
 * The notifications page's reminders of passes ending soon: all of them, dismissed on the
 * home or not, for as long as the pass has not ended.
 */
export function PassReminderList({ empty }: { empty: ReactNode }) {
  const passes = usePasses();
  const reminders = usePassReminders(passes.data, { isDismissible: false });
  if (passes.isPending) return <p role="status">Loading…</p>;
  if (reminders.length === 0) return empty;
  return (
    <ul className="notification-list" aria-label="Notifications">
      {reminders.map((pass) => (
        <li key={pass.creator.username} className="pass-reminder">
          <div className="pass-reminder__text">
            <p className="pass-reminder__title">{describePassReminder(pass)}</p>
            <p className="pass-reminder__note">
              {describePassRenewal(pass)}{' '}
              <Link to={pass.isAutoRenew ? '/passes' : `/manage-membership/${pass.creator.username}`}>
                {pass.isAutoRenew ? 'Your passes' : 'Extend pass'}
              </Link>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
