import type { TPost } from '@stagepass/contract/posts';
import { useModal } from '../../../lib/modals/use-modal';
import { formatKwacha } from '../../../lib/money';
import { ReactionBar } from '../../../ui/item/reaction-bar';
import { useReactToPost } from '../api/react-to-post';

type PostReactionsProps = { post: TPost; viewerId: string | null };

/** The counts per reaction kind and, for those who may react, the like button with its popper. */
export function PostReactions({ post, viewerId }: PostReactionsProps) {
  const { openModal } = useModal();
  const reactToPost = useReactToPost(post.postId);
  // Anyone but the author may tip; a signed-out visitor is asked to sign in by the modal.
  const canTip = viewerId !== post.author.userId;

  return (
    <footer className="post-reactions">
      <ReactionBar
        look="picker"
        itemId={post.postId}
        counts={post.reactionCounts}
        viewerReaction={post.viewerReaction?.name ?? null}
        isSignedIn={viewerId !== null}
        canReact={post.isReactionsOpen && !post.isLocked}
        onReact={(kind) => {
          if (viewerId) reactToPost.mutate({ kind, viewerId });
        }}
      />
      {!post.isReactionsOpen ? <p className="post-reactions__closed">Reactions are turned off.</p> : null}
      {canTip ? (
        <button
          type="button"
          className="post-reactions__tip"
          aria-label={`Tip ${post.author.pageName}`}
          onClick={() => openModal('tip-picker', { options: post.postId })}
        >
          <span aria-hidden="true">🎁</span> Tip
        </button>
      ) : null}
      <PostTips post={post} />
    </footer>
  );
}

/** The post's tips: the newest ones' emoji, with how many there are and their sum. */
function PostTips({ post }: { post: TPost }) {
  const { count, amount } = post.tipTotals;
  if (count === 0) return null;
  const names = post.tips.map((tip) => tip.name).join(', ');
  return (
    <p className="post-reactions__tips">
      <span aria-hidden="true">{post.tips.map((tip) => tip.emoji).join('')}</span>
      <span className="visually-hidden">Newest tips: {names}. </span>
      <span>
        {count === 1 ? '1 tip' : `${count} tips`} · {formatKwacha(amount)}
      </span>
    </p>
  );
}
