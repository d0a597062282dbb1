import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/session';

// Loaded only for a signed-in person: a visitor's first visit to the home (the first-load
// budget) carries none of it.
const PassReminderBanner = lazy(() =>
  import('../../features/passes/components/pass-reminder-banner').then((module) => ({
    default: module.PassReminderBanner,
  })),
);

/** The passes feature's reminders of passes ending soon, for a page the app composes them into. */
export function SignedInPassReminders() {
  const { data: user } = useSession();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <PassReminderBanner />
    </Suspense>
  );
}
