import { CreatorPosts } from '../../features/posts/components/creator-posts';
import { ProfilePage } from '../../features/profiles/profile-page';

/**
 * /{username}: the profiles feature's page with the posts feature's list of a creator's
 * posts in its tabs. Features do not import each other's components, so the app, which
 * composes features, puts the two together; both load in this route's chunk.
 */
export default function ProfilePageWithPosts() {
  return <ProfilePage PostsPanel={CreatorPosts} />;
}
