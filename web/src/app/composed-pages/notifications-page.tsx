import { NotificationsPage } from '../../features/notifications/notifications-page';
import { PassReminderList } from '../../features/passes/components/pass-reminder-list';

/**
 * /notifications/all and /notifications/noti-list: the notifications feature's page with
 * the passes feature's reminders of passes ending soon. Features do not import each other's
 * components, so the app puts them together.
 */
export default function NotificationsPageWithReminders() {
  return <NotificationsPage renderReminders={(empty) => <PassReminderList empty={empty} />} />;
}
