import type { TImageAsset } from '@stagepass/contract/media';
import type { TPost } from '@stagepass/contract/posts';
import { useId } from 'react';
import { Link } from 'react-router';
import { readFailureMessage } from '../../../lib/form-request';
import { useConfirm } from '../../../lib/modals/use-confirm';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { PriceTag } from '../../../ui/item/price-tag';
import { TrashIcon } from '../../../ui/page-icons';
import { useDeletePost } from '../api/delete-post';
import { formatRelativeTime } from '../relative-time';
import { PostMedia } from './post-media';
import { PostReactions } from './post-reactions';
import './post-item.css';

type PostItemProps = {
  post: TPost;
  /** The signed-in viewer's id; null for a signed-out visitor. */
  viewerId: string | null;
  /** Called once the author has deleted the post (the single post page leaves then). */
  onDeleted?: () => void;
};

/** One post: its author and time, the text, the photo or video, and the reactions. */
export function PostItem({ post, viewerId, onDeleted }: PostItemProps) {
  const authorId = useId();
  const isAuthor = viewerId !== null && viewerId === post.author.userId;
  const author = usePostAuthor(post);
  const createdAt = new Date(post.createdAt);
  return (
    <article className="post-item" aria-labelledby={authorId}>
      <header className="post-item__header">
        <PostAuthorAvatar author={author} />
        {/* Name over time, so a long name keeps the row's width on a phone: never cut short. */}
        <div className="post-item__byline">
          <Link to={`/${author.username}`} id={authorId} className="post-item__author">
            {author.name}
          </Link>
          <Link to={`/feed/${post.postId}`} className="post-item__time">
            <time dateTime={post.createdAt} title={createdAt.toLocaleString()}>
              {formatRelativeTime(createdAt)}
            </time>
          </Link>
          <PriceTag item={{ ...post, isOwn: isAuthor }} showsAccess className="post-item__access" />
        </div>
        {isAuthor ? <DeletePostButton postId={post.postId} onDeleted={onDeleted} /> : null}
      </header>
      {post.description ? (
        <p className={post.type === 'text' ? 'post-item__text post-item__text--large' : 'post-item__text'}>
          {post.description}
        </p>
      ) : null}
      <PostMedia post={post} />
      <PostReactions post={post} viewerId={viewerId} />
    </article>
  );
}

type PostAuthor = { name: string; username: string; imageAsset: TImageAsset | null };

/**
 * Who wrote the post, as shown. On the signed-in person's own posts that is their session
 * (the one source of their name and picture), so a new photo or name shows at once, without
 * refetching every post.
 */
function usePostAuthor(post: TPost): PostAuthor {
  const { data: viewer } = useSession();
  if (viewer && viewer._id === post.author.userId) return viewer;
  return { name: post.author.pageName, username: post.author.pageId, imageAsset: post.author.profileAsset };
}

function PostAuthorAvatar({ author }: { author: PostAuthor }) {
  const url = author.imageAsset?.secure_url;
  if (url) return <img className="post-item__avatar" src={url} alt="" width={40} height={40} />;
  const initial = [...author.name.trim()][0]?.toUpperCase() ?? '?';
  return (
    <span className="post-item__avatar post-item__avatar--initial" aria-hidden="true">
      {initial}
    </span>
  );
}

/** Delete, for the author only, behind the confirm alert; the server's answer in a toast. */
function DeletePostButton({ postId, onDeleted }: { postId: string; onDeleted?: () => void }) {
  const confirm = useConfirm();
  const deletePost = useDeletePost();
  async function askAndDelete() {
    const isConfirmed = await confirm({
      type: 'delete',
      title: 'Delete post',
      message: 'This post, its photo or video and its reactions will be gone for good.',
    });
    if (!isConfirmed) return;
    deletePost.mutate(
      { postId },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onDeleted?.();
        },
        onError: (error) => toast.error(readFailureMessage(error)),
      },
    );
  }
  return (
    <button
      type="button"
      className="post-item__delete"
      disabled={deletePost.isPending}
      aria-busy={deletePost.isPending}
      onClick={() => void askAndDelete()}
    >
      <TrashIcon />
      Delete
    </button>
  );
}
