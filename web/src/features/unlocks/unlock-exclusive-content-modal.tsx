import { useState } from 'react';
import { Checkout, isBackFromCardCheck } from '../../lib/checkout';
import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { formatKwacha } from '../../lib/money';
import { usePost } from '../posts/api/get-post';
import '../../ui/form.css';

/**
 * `?modal=unlock-exclusive-content/<postId>`: unlock a pay-to-unlock post at its price
 * through the checkout: from the wallet, or with the shortfall topped up in the same modal.
 * Once paid the checkout reads every query again, so the post shows in full behind the
 * modal without a reload.
 */
export default function UnlockExclusiveContentModal({ options, closeModal, setTitle }: ModalBodyProps) {
  const postId = options;
  const post = usePost(postId);
  // Paid here (or back from the card check of paying here): the post reads as unlocked once
  // it is fetched again, and the checkout's outcome stays.
  const [isPaidHere, setIsPaidHere] = useState(isBackFromCardCheck);

  if (post.isPending) return <p role="status">Loading…</p>;
  if (!post.data) return <p role="alert">This post does not exist.</p>;
  const item = post.data.post;
  const price = item.price ?? 0;
  if (!item.isLocked && !isPaidHere) {
    return (
      <div className="form">
        <p>This post is unlocked for you.</p>
        <button type="button" className="button button--secondary form__submit" onClick={closeModal}>
          Close
        </button>
      </div>
    );
  }

  return (
    <Checkout
      label="Unlock this post"
      amount={price}
      submitLabel={`Pay ${formatKwacha(price)}`}
      buildOrder={() => ({
        kind: 'unlock',
        creator: item.author.pageId,
        item: { type: 'post', id: item.postId },
      })}
      onCompleted={() => setIsPaidHere(true)}
      onClose={closeModal}
      setTitle={setTitle}
    >
      {item.isLocked ? (
        <p>
          Unlock this post by <strong>{item.author.pageName}</strong> for{' '}
          <strong data-testid="unlock-price">{formatKwacha(price)}</strong>. It stays unlocked for you.
        </p>
      ) : (
        <p>This post is unlocked for you.</p>
      )}
    </Checkout>
  );
}
