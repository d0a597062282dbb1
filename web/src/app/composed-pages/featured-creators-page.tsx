import FeaturedCreatorsPage from '../../features/creators/featured-creators-page';
import { SignedInPassReminders } from './signed-in-pass-reminders';

/** /creators/featured, the home: the passes feature's reminders of passes ending soon above the creators. */
export default function FeaturedCreatorsPageWithReminders() {
  return (
    <>
      <SignedInPassReminders />
      <FeaturedCreatorsPage />
    </>
  );
}
