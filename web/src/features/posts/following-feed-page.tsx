import { Link } from 'react-router';
import { useSignedInUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFeed } from './api/get-post-pages';
import { PostList } from './components/post-list';
import '../../ui/page.css';

/** /feed (for accounts): the newest posts of the creators the signed-in user follows. */
export default function FollowingFeedPage() {
  useDocumentTitle('Following');
  const user = useSignedInUser();
  const feed = useFeed();
  return (
    <div className="page">
      <h1 className="page__title">Following</h1>
      <p className="page__lead">The newest posts of the creators you follow.</p>
      <PostList
        query={feed}
        label="Posts of creators you follow"
        viewerId={user._id}
        empty={
          <>
            <p>Nothing here yet.</p>
            <p>
              <Link to="/creators/featured">Find creators to follow</Link> and their posts will show here.
            </p>
          </>
        }
      />
    </div>
  );
}
