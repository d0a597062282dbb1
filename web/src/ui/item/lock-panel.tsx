import type { TLockReason } from '@stagepass/contract/unlocks';
import type { ReactNode } from 'react';
import { useModal } from '../../lib/modals/use-modal';
import { formatKwacha } from '../../lib/money';
import { useSession } from '../../lib/session';
import { LockIcon } from '../page-icons';

// Types only from the contract: post items ship with the profile page, which stays free of zod.

/** What a lock needs to know of an item, whatever its kind (a post, a track). */
export type LockedItem = {
  itemId: string;
  /** Why the viewer may not have it: its own unlock, or a pass (subscribers); null when open. */
  lockReason: TLockReason | null;
  /** Integer ngwee, for pay-to-unlock items; null otherwise. */
  price: number | null;
  author: { pageId: string; pageName: string };
};

/** Whether the item is sold by its own unlock (a pass never opens a pay-to-unlock item). */
export function isSoldAlone(item: Pick<LockedItem, 'lockReason'>): boolean {
  return item.lockReason === 'pay-to-unlock';
}

/** The way in, in a button's words: 'Unlock for K7.50' (or 'Unlock' without a price), or 'Join to unlock'. */
export function readLockOffer(item: Pick<LockedItem, 'lockReason' | 'price'>): string {
  if (!isSoldAlone(item)) return 'Join to unlock';
  return item.price !== null ? `Unlock for ${formatKwacha(item.price)}` : 'Unlock';
}

/**
 * Opens the way in: the unlock modal of a pay-to-unlock item (by its id, whatever its kind),
 * the join flow of its creator for one kept for pass holders. Both modals ask a visitor to
 * sign in; with `asksSignInFirst` a visitor gets the sign-in modal itself instead.
 */
export function useOpenItemLock({ asksSignInFirst = false }: { asksSignInFirst?: boolean } = {}) {
  const { openModal } = useModal();
  const { data: viewer } = useSession();
  return (item: Pick<LockedItem, 'itemId' | 'lockReason' | 'author'>) => {
    if (asksSignInFirst && !viewer) return openModal('signin');
    if (isSoldAlone(item)) return openModal('unlock-exclusive-content', { options: item.itemId });
    return openModal('join-to-unlock', { options: item.author.pageId.replace(/^@/, '') });
  };
}

type LockPanelProps = {
  item: LockedItem;
  /** What the lock says: the offer beside a short button, or a note (a player's preview). */
  message: ReactNode;
  messageClassName: string;
  /** 'status' where the message changes as the viewer listens (the preview has ended). */
  messageRole?: 'status';
  /** The button's words; the offer itself ('Unlock for K7.50', 'Join to unlock') by default. */
  buttonLabel?: string;
  hasIcon?: boolean;
  asksSignInFirst?: boolean;
};

/**
 * The lock on an item the viewer may not have yet: (a lock icon,) what opens it, and the
 * button to the right modal. The caller places it: over a post's blurred media, under a
 * player's controls.
 */
export function LockPanel({
  item,
  message,
  messageClassName,
  messageRole,
  buttonLabel = readLockOffer(item),
  hasIcon = false,
  asksSignInFirst = false,
}: LockPanelProps) {
  const openLock = useOpenItemLock({ asksSignInFirst });
  return (
    <>
      {hasIcon ? <LockIcon /> : null}
      <p className={messageClassName} role={messageRole}>
        {message}
      </p>
      <button type="button" className="button button--primary" onClick={() => openLock(item)}>
        {buttonLabel}
      </button>
    </>
  );
}
