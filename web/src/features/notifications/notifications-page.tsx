import { ComingSoon } from '../../ui/coming-soon';

/** Serves both /notifications/all and /notifications/noti-list. */
export default function NotificationsPage() {
  return <ComingSoon title="Notifications" />;
}
