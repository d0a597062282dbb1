import { useSession } from '../../../lib/session';
import { useCreatorPosts } from '../api/get-post-pages';
import { PostList } from './post-list';

type CreatorPostsProps = {
  username: string;
  name: string;
  isAuthor: boolean;
};

/** A creator's posts on their profile, keyset-paged, newest first. */
export function CreatorPosts({ username, name, isAuthor }: CreatorPostsProps) {
  const session = useSession();
  const query = useCreatorPosts(username);
  return (
    <PostList
      query={query}
      label={`Posts of ${name}`}
      viewerId={session.data?._id ?? null}
      empty={
        <>
          <p className="post-list__empty-title">No posts yet</p>
          <p className="post-list__empty-text">
            {isAuthor ? 'What you publish will show here.' : `When ${name} publishes, it will show here.`}
          </p>
        </>
      }
    />
  );
}
