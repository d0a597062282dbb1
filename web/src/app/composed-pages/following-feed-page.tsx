import { PassReminderBanner } from '../../features/passes/components/pass-reminder-banner';
import FollowingFeedPage from '../../features/posts/following-feed-page';

/** /feed: the passes feature's reminders of passes ending soon above the feed of followed creators. */
export default function FollowingFeedPageWithReminders() {
  return (
    <>
      <PassReminderBanner />
      <FollowingFeedPage />
    </>
  );
}
