import type { TItemSummary } from '@stagepass/contract/items';
import { useState } from 'react';
import { isBackFromCardCheck } from '../../lib/card-check-return';
import { Checkout } from '../../lib/checkout';
import type { ModalBodyProps } from '../../lib/modals/modal-types';
import { useModal } from '../../lib/modals/use-modal';
import { formatKwacha } from '../../lib/money';
import { OwnItemNotice } from '../../lib/own-item-notice';
import { useItemSummary } from './api/get-item-summary';
import type { UnlockTarget } from './api/unlock-target';
import '../../ui/form.css';

/**
 * `?modal=unlock-exclusive-content/<itemId>` (an old track link's `audio:<audioId>` opens the
 * same item; unlock-target.ts reads it before anything is fetched): unlock a pay-to-unlock
 * post or track at its price through the checkout: from the wallet, or with the shortfall
 * topped up in the same modal. The catalogue's summary of the item (GET /api/items/:itemId)
 * names it, prices it and says whether it is locked, whatever its kind. Once paid the
 * checkout reads every query again, so the post shows in full (the track plays in full)
 * behind the modal without a reload. What a pass opens instead (an item for pass holders) is
 * offered as the join flow; the author is told it is their own.
 */
export default function UnlockExclusiveContentModal({
  options: target,
  closeModal,
  setTitle,
}: ModalBodyProps<UnlockTarget>) {
  const summary = useItemSummary(target.itemId);
  if (summary.isPending) return <p role="status">Loading…</p>;
  if (!summary.data) return <p role="status">{target.missing}</p>;
  return <UnlockItem item={summary.data} closeModal={closeModal} setTitle={setTitle} />;
}

type UnlockBodyProps = Pick<ModalBodyProps, 'closeModal' | 'setTitle'>;

/** A kind in the modal's words. */
const NOUNS = { post: 'post', audio: 'track', video: 'video', series: 'series' } as const satisfies Record<
  TItemSummary['kind'],
  string
>;

function UnlockItem({ item, closeModal, setTitle }: UnlockBodyProps & { item: TItemSummary }) {
  const noun = NOUNS[item.kind];
  // Paid here (or back from the card check of paying here): the item reads as unlocked once
  // it is fetched again, and the checkout's outcome stays.
  const [isPaidHere, setIsPaidHere] = useState(isBackFromCardCheck);
  if (item.isOwn) return <OwnItemNotice item={noun} onClose={closeModal} />;
  if (item.isLocked && item.lockReason === 'subscribers' && !isPaidHere) {
    return <ForPassHolders item={item} noun={noun} />;
  }
  if (!item.isLocked && !isPaidHere) {
    return (
      <div className="form">
        <p>This {noun} is unlocked for you.</p>
        <button type="button" className="button button--secondary form__submit" onClick={closeModal}>
          Close
        </button>
      </div>
    );
  }
  if (item.price === null) return <p role="alert">This {noun} is not for sale.</p>;
  const price = item.price;

  return (
    <Checkout
      label={`Unlock this ${noun}`}
      amount={price}
      submitLabel={`Pay ${formatKwacha(price)}`}
      buildOrder={() => ({
        kind: 'unlock',
        creator: item.author.pageId,
        item: { type: item.kind, id: item.itemId },
      })}
      onCompleted={() => setIsPaidHere(true)}
      onClose={closeModal}
      setTitle={setTitle}
    >
      {item.isLocked ? (
        <p>
          Unlock this {noun} by <strong>{item.author.pageName}</strong> for{' '}
          <strong data-testid="unlock-price">{formatKwacha(price)}</strong>. It stays unlocked for you.
        </p>
      ) : (
        <p>This {noun} is unlocked for you.</p>
      )}
    </Checkout>
  );
}

/**
 * An item kept for pass holders: no unlock of its own sells it, a pass opens it (and all the
 * creator's others), so the join flow is offered in this modal's place.
 */
function ForPassHolders({ item, noun }: { item: TItemSummary; noun: string }) {
  const { openModal } = useModal();
  return (
    <div className="form">
      <p className="modal__text">
        This {noun} is for pass holders of <strong>{item.author.pageName}</strong>: a pass opens it and
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
