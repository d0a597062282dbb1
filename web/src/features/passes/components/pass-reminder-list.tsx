import type { ReactNode } from 'react';
import { usePasses } from '../api/list-passes';
import { usePassReminders } from '../pass-reminders';
import { PassReminderText } from './pass-reminder';

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
          <PassReminderText pass={pass} />
        </li>
      ))}
    </ul>
  );
}
