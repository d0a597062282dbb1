import type { TAudio } from '@stagepass/contract/audio';
import type { TPost } from '@stagepass/contract/posts';
import type { TLockReason } from '@stagepass/contract/unlocks';
import { useState } from 'react';
import { Checkout, isBackFromCardCheck } from '../../lib/checkout';
import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { useModal } from '../../lib/modals/use-modal';
import { formatKwacha } from '../../lib/money';
import { OwnItemNotice } from '../../lib/own-item-notice';
import { useSession } from '../../lib/session';
import { useAudio } from '../audio/api/player-get-audio';
import { usePost } from '../posts/api/get-post';
import type { UnlockTarget } from './api/unlock-target';
import '../../ui/form.css';

/**
 * `?modal=unlock-exclusive-content/<postId>` or `…/audio:<audioId>` (read by unlock-target.ts
 * before anything is fetched): unlock a pay-to-unlock post or track at its price through the
 * checkout: from the wallet, or with the shortfall topped up in the same modal. Once paid
 * the checkout reads every query again, so the post shows in full (the track plays in full)
 * behind the modal without a reload. What a pass opens instead (an item for pass holders) is
 * offered as the join flow; the author is told it is their own.
 */
export default function UnlockExclusiveContentModal({
  options: target,
  closeModal,
  setTitle,
}: ModalBodyProps<UnlockTarget>) {
  const bodyProps = { closeModal, setTitle };
  return target.type === 'audio' ? (
    <UnlockAudio audioId={target.id} {...bodyProps} />
  ) : (
    <UnlockPost postId={target.id} {...bodyProps} />
  );
}

type UnlockBodyProps = Pick<ModalBodyProps, 'closeModal' | 'setTitle'>;

function UnlockPost({ postId, ...props }: UnlockBodyProps & { postId: string }) {
  const post = usePost(postId);
  const { data: viewer } = useSession();
  if (post.isPending) return <p role="status">Loading…</p>;
  if (!post.data) return <p role="status">This post does not exist.</p>;
  return <UnlockItem item={toPostItem(post.data.post, viewer?._id)} {...props} />;
}

function UnlockAudio({ audioId, ...props }: UnlockBodyProps & { audioId: string }) {
  const track = useAudio(audioId);
  if (track.isPending) return <p role="status">Loading…</p>;
  if (!track.data) return <p role="status">This track does not exist.</p>;
  return <UnlockItem item={toAudioItem(track.data.audio)} {...props} />;
}

/** What the checkout needs of a post or a track. */
type UnlockableItem = {
  type: 'post' | 'audio';
  id: string;
  /** 'post' or 'track', in the modal's words. */
  noun: string;
  /** Integer ngwee; null when the creator set none (the server then refuses the sale). */
  price: number | null;
  isLocked: boolean;
  /** What opens it for this viewer: its own unlock, or a pass (subscribers); null when open. */
  lockReason: TLockReason | null;
  /** The viewer published it: nothing to buy. */
  isOwn: boolean;
  author: { pageId: string; pageName: string };
};

function toPostItem(post: TPost, viewerId: string | undefined): UnlockableItem {
  return {
    type: 'post',
    id: post.postId,
    noun: 'post',
    price: post.price,
    isLocked: post.isLocked,
    lockReason: post.lockReason,
    isOwn: viewerId === post.author.userId,
    author: post.author,
  };
}

function toAudioItem(track: TAudio): UnlockableItem {
  return {
    type: 'audio',
    id: track.audioId,
    noun: 'track',
    price: track.price,
    isLocked: !track.hasPaid && track.profileInteraction !== 'AUTHOR',
    lockReason: track.lockReason,
    isOwn: track.profileInteraction === 'AUTHOR',
    author: track.author,
  };
}

function UnlockItem({ item, closeModal, setTitle }: UnlockBodyProps & { item: UnlockableItem }) {
  // Paid here (or back from the card check of paying here): the item reads as unlocked once
  // it is fetched again, and the checkout's outcome stays.
  const [isPaidHere, setIsPaidHere] = useState(isBackFromCardCheck);
  if (item.isOwn)
    return <OwnItemNotice item={item.noun === 'track' ? 'track' : 'post'} onClose={closeModal} />;
  if (item.isLocked && item.lockReason === 'subscribers' && !isPaidHere) {
    return <ForPassHolders item={item} />;
  }
  if (!item.isLocked && !isPaidHere) {
    return (
      <div className="form">
        <p>This {item.noun} is unlocked for you.</p>
        <button type="button" className="button button--secondary form__submit" onClick={closeModal}>
          Close
        </button>
      </div>
    );
  }
  if (item.price === null) return <p role="alert">This {item.noun} is not for sale.</p>;
  const price = item.price;

  return (
    <Checkout
      label={`Unlock this ${item.noun}`}
      amount={price}
      submitLabel={`Pay ${formatKwacha(price)}`}
      buildOrder={() => ({
        kind: 'unlock',
        creator: item.author.pageId,
        item: { type: item.type, id: item.id },
      })}
      onCompleted={() => setIsPaidHere(true)}
      onClose={closeModal}
      setTitle={setTitle}
    >
      {item.isLocked ? (
        <p>
          Unlock this {item.noun} by <strong>{item.author.pageName}</strong> for{' '}
          <strong data-testid="unlock-price">{formatKwacha(price)}</strong>. It stays unlocked for you.
        </p>
      ) : (
        <p>This {item.noun} is unlocked for you.</p>
      )}
    </Checkout>
  );
}

/**
 * An item kept for pass holders: no unlock of its own sells it, a pass opens it (and all the
 * creator's others), so the join flow is offered in this modal's place.
 */
function ForPassHolders({ item }: { item: UnlockableItem }) {
  const { openModal } = useModal();
  return (
    <div className="form">
      <p className="modal__text">
        This {item.noun} is for pass holders of <strong>{item.author.pageName}</strong>: a pass opens it and
        everything else they keep for pass holders.
      </p>
      <button
        type="button"
        className="button button--primary form__submit"
        onClick={() =>
          openModal('join-to-unlock', { options: item.author.pageId.replace(/^@/, ''), shouldReplace: true })
        }
      >
        Join to unlock
      </button>
    </div>
  );
}
