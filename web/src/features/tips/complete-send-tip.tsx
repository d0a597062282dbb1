import type { TTipOption } from '@stagepass/contract/tips';
import { useNavigate } from 'react-router';
import { Checkout } from '../../lib/checkout';
import { formatKwacha } from '../../lib/money';
import { OwnItemNotice } from '../../lib/own-item-notice';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { usePost } from '../posts/api/get-post';
import { readTipChoice } from './tip-choice';
import type { TipAddress } from './tip-options';
import './tips.css';

type CompleteSendTipProps = {
  /** The tip and its post, as the address names them (tip-options.ts). */
  tip: TipAddress;
  /** Once the tip is sent; without it the page goes to the post. */
  onSent?: () => void;
  /** Offers Close (in a modal): after success, and while a top-up takes long. */
  onClose?: () => void;
  setTitle?: (title: string | null) => void;
};

/**
 * complete-send-tip-action: the chosen tip, the post and its creator, and Send. The price is
 * the named tip's (the server's list, here from the contract). Paid through the checkout:
 * from the wallet in one press, or with its shortfall topped up. The post's author is told
 * it is their own post instead.
 */
export function CompleteSendTip({ tip, ...props }: CompleteSendTipProps) {
  // A tip the list does not have, or at another amount, is said before the post is fetched.
  const option = readTipChoice(tip);
  if (!option.isValid) {
    return (
      <p className="form__notice" role="status">
        {option.message}
      </p>
    );
  }
  return <ConfirmTip postId={tip.postId} option={option.value} {...props} />;
}

type ConfirmTipProps = Omit<CompleteSendTipProps, 'tip'> & { postId: string; option: TTipOption };

function ConfirmTip({ postId, option, onSent, onClose, setTitle }: ConfirmTipProps) {
  const navigate = useNavigate();
  const post = usePost(postId);
  const { data: viewer } = useSession();

  if (post.isError) {
    return (
      <p className="form__notice" role="status">
        This post does not exist.
      </p>
    );
  }
  if (!post.data) return <p className="modal__loading">Loading…</p>;

  const { author } = post.data.post;
  if (viewer && viewer._id === author.userId) return <OwnItemNotice item="post" onClose={onClose} />;
  return (
    <Checkout
      label="Send a tip"
      amount={option.amount}
      submitLabel={`Send ${formatKwacha(option.amount)} tip`}
      buildOrder={() => ({
        kind: 'tip',
        creator: author.pageId,
        postId,
        tipName: option.name,
        amount: option.amount,
      })}
      onCompleted={() => {
        toast.success(`You sent ${option.emoji} ${option.name} to ${author.pageName}.`);
        if (onSent) onSent();
        else navigate(`/feed/${postId}`, { replace: true });
      }}
      onClose={onClose}
      setTitle={setTitle}
    >
      <div className="tip-summary">
        <span className="tip-summary__emoji" aria-hidden="true">
          {option.emoji}
        </span>
        <div>
          <p className="tip-summary__name">
            {option.name} · <strong>{formatKwacha(option.amount)}</strong>
          </p>
          <p className="tip-summary__to">
            A tip to {author.pageName} for their post{post.data.post.description ? ':' : '.'}
          </p>
          {post.data.post.description ? (
            <p className="tip-summary__post">{post.data.post.description}</p>
          ) : null}
        </div>
      </div>
    </Checkout>
  );
}
