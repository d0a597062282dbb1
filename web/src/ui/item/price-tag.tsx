import { formatKwacha } from '../../lib/money';
import { LockIcon } from '../page-icons';
import '../badge.css';
import './price-tag.css';

/** What a price tag needs of an item, whatever its kind (a post, a track). */
export type PricedItem = {
  visibility: 'everyone' | 'subscribers' | 'pay-to-unlock';
  /** Integer ngwee, for pay-to-unlock items; null otherwise. */
  price: number | null;
  /** The viewer may have only its preview. */
  isLocked: boolean;
  /** The viewer is its author. */
  isOwn: boolean;
};

type PriceTagOptions = {
  /** Where no lock panel says it (a list of tracks): a locked item's price, or 'Pass holders', with a lock. */
  showsLock?: boolean;
  /** A viewer let in is told why: 'Unlocked' (they paid) or 'Pass holders' (their pass). */
  showsAccess?: boolean;
};

/**
 * Who an item is for, when not for everyone: its author sees the price ('Pay to unlock ·
 * K5') or 'Pass holders'; as the options say, a locked viewer sees what opens it and a
 * viewer let in sees why; null when there is nothing to say.
 */
export function describePriceTag(
  item: PricedItem,
  { showsLock = false, showsAccess = false }: PriceTagOptions,
): { text: string; isLocked: boolean } | null {
  const isPaid = item.visibility === 'pay-to-unlock';
  if (item.isLocked) {
    if (!showsLock) return null;
    return {
      text: isPaid && item.price !== null ? formatKwacha(item.price) : 'Pass holders',
      isLocked: true,
    };
  }
  if (item.visibility === 'everyone') return null;
  if (item.isOwn) {
    return {
      text: isPaid ? `Pay to unlock · ${formatKwacha(item.price ?? 0)}` : 'Pass holders',
      isLocked: false,
    };
  }
  return showsAccess ? { text: isPaid ? 'Unlocked' : 'Pass holders', isLocked: false } : null;
}

type PriceTagProps = PriceTagOptions & {
  item: PricedItem;
  /** Where it sits (a byline, a row's details). */
  className?: string;
  /** Added to an open item's tag (a track row's muted one). */
  openClassName?: string;
};

/** The badge of describePriceTag: a lock (named for screen readers) before a locked item's words. */
export function PriceTag({ item, showsLock, showsAccess, className, openClassName }: PriceTagProps) {
  const tag = describePriceTag(item, { showsLock, showsAccess });
  if (!tag) return null;
  const classes = ['badge', tag.isLocked ? 'price-tag--locked' : openClassName, className];
  return (
    <span className={classes.filter(Boolean).join(' ')}>
      {tag.isLocked ? (
        <>
          <LockIcon />
          <span className="visually-hidden">Locked: </span>
        </>
      ) : null}
      {tag.text}
    </span>
  );
}
