import type { TPostsPage } from '@stagepass/contract/posts';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useSession } from '../../../lib/session';
import { useCreatorPosts } from '../api/get-post-pages';
import { PostList } from './post-list';

type CreatorPostsProps = {
  username: string;
  name: string;
  isAuthor: boolean;
  /** 'video' keeps only the video posts (the profile's Videos tab). */
  type?: 'video';
};

/** A creator's posts on their profile, keyset-paged, newest first. */
export function CreatorPosts({ username, name, isAuthor, type }: CreatorPostsProps) {
  const session = useSession();
  const query = useCreatorPosts(username);
  const shown = type ? keepType(query, type) : query;
  const noun = type === 'video' ? 'videos' : 'posts';
  return (
    <PostList
      query={shown}
      label={type === 'video' ? `Videos of ${name}` : `Posts of ${name}`}
      viewerId={session.data?._id ?? null}
      empty={
        <>
          <p className="post-list__empty-title">No {noun} yet</p>
          <p className="post-list__empty-text">
            {isAuthor ? 'What you publish will show here.' : `When ${name} publishes, it will show here.`}
          </p>
        </>
      }
    />
  );
}

// The Videos tab reads the same pages as Posts (one request for both tabs) and keeps the videos.
function keepType(
  query: UseInfiniteQueryResult<InfiniteData<TPostsPage>>,
  type: 'video',
): UseInfiniteQueryResult<InfiniteData<TPostsPage>> {
  if (!query.data) return query;
  const pages = query.data.pages.map((page) => ({
    ...page,
    posts: page.posts.filter((post) => post.type === type),
  }));
  return { ...query, data: { ...query.data, pages } } as UseInfiniteQueryResult<InfiniteData<TPostsPage>>;
}
