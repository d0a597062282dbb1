import type { TAudio } from '@stagepass/contract/audio';
import type { TPost } from '@stagepass/contract/posts';
import { useState } from 'react';
import { Checkout, isBackFromCardCheck } from '../../lib/checkout';
import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { formatKwacha } from '../../lib/money';
import { useAudio } from '../audio/api/player-get-audio';
import { usePost } from '../posts/api/get-post';
import { readUnlockTarget } from './api/unlock-target';
import '../../ui/form.css';

/**
 * `?modal=unlock-exclusive-content/<postId>` or `…/audio:<audioId>`: unlock a pay-to-unlock
 * post or track at its price through the checkout: from the wallet, or with the shortfall
 * topped up in the same modal. Once paid the checkout reads every query again, so the post
 * shows in full (the track plays in full) behind the modal without a reload.
 */
export default function UnlockExclusiveContentModal({ options, closeModal, setTitle }: ModalBodyProps) {
  const target = readUnlockTarget(options);
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
  if (post.isPending) return <p role="status">Loading…</p>;
  if (!post.data) return <p role="alert">This post does not exist.</p>;
  return <UnlockItem item={toPostItem(post.data.post)} {...props} />;
}

function UnlockAudio({ audioId, ...props }: UnlockBodyProps & { audioId: string }) {
  const track = useAudio(audioId);
  if (track.isPending) return <p role="status">Loading…</p>;
  if (!track.data) return <p role="alert">This track does not exist.</p>;
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
  author: { pageId: string; pageName: string };
};

function toPostItem(post: TPost): UnlockableItem {
  return {
    type: 'post',
    id: post.postId,
    noun: 'post',
    price: post.price,
    isLocked: post.isLocked,
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
    author: track.author,
  };
}

function UnlockItem({ item, closeModal, setTitle }: UnlockBodyProps & { item: UnlockableItem }) {
  // Paid here (or back from the card check of paying here): the item reads as unlocked once
  // it is fetched again, and the checkout's outcome stays.
  const [isPaidHere, setIsPaidHere] = useState(isBackFromCardCheck);
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
