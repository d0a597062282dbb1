import { Link } from 'react-router';
import type { TPass } from '../api/list-passes';
import { describePassReminder, describePassRenewal } from '../pass-reminders';
import './pass-reminders.css';

/** What a reminder says: when the pass ends, what happens then, and where to act on it. */
export function PassReminderText({ pass }: { pass: TPass }) {
  return (
    <div className="pass-reminder__text">
      <p className="pass-reminder__title">{describePassReminder(pass)}</p>
      <p className="pass-reminder__note">
        {describePassRenewal(pass)}{' '}
        <Link to={pass.isAutoRenew ? '/passes' : `/manage-membership/${pass.creator.username}`}>
          {pass.isAutoRenew ? 'Your passes' : 'Extend pass'}
        </Link>
      </p>
    </div>
  );
}
