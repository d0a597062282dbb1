import { useSession } from '../../../lib/session';
import { CloseIcon } from '../../../ui/icons';
import { usePasses } from '../api/list-passes';
import { dismissPassReminder, usePassReminders } from '../pass-reminders';
import { PassReminderText } from './pass-reminder';

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
          <PassReminderText pass={pass} />
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
