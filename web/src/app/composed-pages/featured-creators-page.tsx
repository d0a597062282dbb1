import FeaturedCreatorsPage from '../../features/creators/featured-creators-page';
import { PassReminderBanner } from '../../features/passes/components/pass-reminder-banner';

/** /creators/featured, the home: the passes feature's reminders of passes ending soon above the creators. */
export default function FeaturedCreatorsPageWithReminders() {
  return (
    <>
      <PassReminderBanner />
      <FeaturedCreatorsPage />
    </>
  );
}
