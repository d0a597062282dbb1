import { useNavigate, useParams } from 'react-router';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { NotFound } from '../../ui/not-found';
import { usePost } from './api/get-post';
import { PostItem } from './components/post-item';
import { PostSkeletons } from './components/post-list';
import '../../ui/page.css';

/** /feed/:postId: one post on its own page. */
export default function PostPage() {
  const { postId = '' } = useParams();
  const navigate = useNavigate();
  const session = useSession();
  const post = usePost(postId);
  const author = post.data?.post.author.pageName;
  useDocumentTitle(author ? `Post by ${author}` : 'Post');

  // Fetch errors of posts are swallowed (spec): whatever went wrong, there is no post to show.
  if (post.isError) return <NotFound />;
  return (
    <div className="page">
      <h1 className="visually-hidden">{author ? `Post by ${author}` : 'Post'}</h1>
      {post.data ? (
        <PostItem
          post={post.data.post}
          viewerId={session.data?._id ?? null}
          onDeleted={() => navigate(`/${post.data.post.author.pageId}`, { replace: true })}
        />
      ) : (
        <PostSkeletons label="Post" count={1} />
      )}
    </div>
  );
}
