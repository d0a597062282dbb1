import FollowingFeedPage from '../../features/posts/following-feed-page';
import { SignedInPassReminders } from './signed-in-pass-reminders';

/** /feed: the passes feature's reminders of passes ending soon above the feed of followed creators. */
export default function FollowingFeedPageWithReminders() {
  return (
    <>
      <SignedInPassReminders />
      <FollowingFeedPage />
    </>
  );
}
