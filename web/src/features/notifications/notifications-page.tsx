import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/use-document-title';
import '../../ui/page.css';

type NotificationsPageProps = {
  /** The reminders other features keep (passes ending soon), given the empty state to show without any. */
  renderReminders: (empty: ReactNode) => ReactNode;
};

/**
 * Serves both /notifications/all and /notifications/noti-list: for now the reminders of
 * passes ending soon (the app composes them in from the passes feature).
 */
export function NotificationsPage({ renderReminders }: NotificationsPageProps) {
  useDocumentTitle('Notifications');
  return (
    <div className="page">
      <h1 className="page__title">Notifications</h1>
      {renderReminders(
        <div className="empty-state">
          <p className="empty-state__title">No notifications yet</p>
          <p className="empty-state__text">
            Reminders show here the day before a pass ends (two hours before, for a daily pass).
          </p>
        </div>,
      )}
    </div>
  );
}
