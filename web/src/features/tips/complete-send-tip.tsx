import { findTipOption, TIP_MESSAGES } from '@stagepass/contract/tips';
import { useNavigate } from 'react-router';
import { Checkout } from '../../lib/checkout';
import { formatKwacha } from '../../lib/money';
import { toast } from '../../lib/toast';
import { usePost } from '../posts/api/get-post';
import './tips.css';

type CompleteSendTipProps = {
  postId: string;
  tipName: string;
  /** The amount in the address, in whole kwacha ('5' for K5). */
  amount: string;
  /** Where to go once the tip is sent (the post). */
  onSent?: () => void;
};

/**
 * complete-send-tip-action: the chosen tip, the post and its creator, and Send. The price is
 * the named tip's (the server's list, here from the contract); an address with another amount
 * is not sent. Paid through the checkout: from the wallet in one press, or with its shortfall topped up.
 */
export function CompleteSendTip({ postId, tipName, amount, onSent }: CompleteSendTipProps) {
  const navigate = useNavigate();
  const post = usePost(postId);
  const option = findTipOption(tipName);

  if (!option) return <p className="form__notice form__notice--error">{TIP_MESSAGES.unknownTip}</p>;
  if (Number(amount) * 100 !== option.amount) {
    return <p className="form__notice form__notice--error">{TIP_MESSAGES.wrongAmount(option)}</p>;
  }
  if (post.isError) return <p className="form__notice form__notice--error">{TIP_MESSAGES.postNotFound}</p>;
  if (!post.data) return <p className="modal__loading">Loading…</p>;

  const { author } = post.data.post;
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
