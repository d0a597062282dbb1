import type { TPost, TReactionKind } from '@stagepass/contract/posts';
import { useModal } from '../../../lib/modals/use-modal';
import { useReactToPost } from '../api/react-to-post';
import { countReactions, REACTIONS } from '../reaction-rules';
import { ReactionPicker } from './reaction-picker';

type PostReactionsProps = { post: TPost; viewerId: string | null };

/** The counts per reaction kind and, for those who may react, the like button with its popper. */
export function PostReactions({ post, viewerId }: PostReactionsProps) {
  const { openModal } = useModal();
  const reactToPost = useReactToPost(post.postId);
  const total = countReactions(post.reactionCounts);
  const canReact = post.isReactionsOpen && !post.isLocked;

  function react(kind: TReactionKind) {
    if (!viewerId) {
      openModal('signin', { options: 'no-redirect' });
      return;
    }
    reactToPost.mutate({ postId: post.postId, kind, viewerId });
  }

  return (
    <footer className="post-reactions">
      {canReact ? <ReactionPicker viewerReaction={post.viewerReaction} onReact={react} /> : null}
      {total > 0 ? (
        <ul className="post-reactions__counts" aria-label="Reactions">
          {REACTIONS.filter(({ kind }) => post.reactionCounts[kind] > 0).map(({ kind, emoji, label }) => (
            <li key={kind} className="post-reactions__count">
              <span aria-hidden="true">{emoji}</span>
              <span className="visually-hidden">{label}: </span>
              {post.reactionCounts[kind]}
            </li>
          ))}
        </ul>
      ) : null}
      {!post.isReactionsOpen ? <p className="post-reactions__closed">Reactions are turned off.</p> : null}
    </footer>
  );
}
