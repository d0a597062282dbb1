import { AUDIO_MESSAGES } from '@stagepass/contract/audio';
import { POST_MESSAGES, type TPostVisibility } from '@stagepass/contract/posts';
import { UNLOCK_MESSAGES } from '@stagepass/contract/unlocks';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { PurchaseNoLongerPossible, registerPurchaseKind } from '../money/purchases/purchases.service.ts';
import { hasUnlocked, recordUnlock, type UnlockItemType } from './unlocks.service.ts';

/** What selling an item needs to know of it, as the buyer may see it. */
export type UnlockableItem = { authorId: string; visibility: TPostVisibility; price: number | null };

/**
 * The item by id as `viewerId` may see it (undefined when missing, blocked either way, or
 * its media not ready): posts' findPostForSale and audio's findAudioForSale, handed in by
 * app.ts. Unlocks imports neither, because both read unlocks (the access condition).
 */
export type FindUnlockableItem = (
  db: Db,
  options: { itemId: string; viewerId: string },
) => Promise<UnlockableItem | undefined>;

type SoldItemType = Exclude<UnlockItemType, 'video'>;

/** Each item type's words, where they differ. */
const ITEM_MESSAGES: Record<SoldItemType, { notFound: string; notForSale: string }> = {
  post: { notFound: POST_MESSAGES.postNotFound, notForSale: UNLOCK_MESSAGES.notForSale },
  audio: { notFound: AUDIO_MESSAGES.notFound, notForSale: UNLOCK_MESSAGES.trackNotForSale },
};

/**
 * The purchase kind 'unlock' (unlock-exclusive-content): a pay-to-unlock post or audio
 * track, for good, at the item's price (integer ngwee). The spec's "$1.99 per item" is a
 * default for an item whose creator set no price; a pay-to-unlock item always carries one
 * (the tables' price checks), so the default never applies. Videos are refused until their
 * issue lands.
 */
export function registerUnlocks(options: { findItem: Record<SoldItemType, FindUnlockableItem> }): void {
  const findItem = (type: UnlockItemType) => (type === 'video' ? undefined : options.findItem[type]);

  registerPurchaseKind('unlock', {
    quote: async ({ db, buyer, creator, request }) => {
      const { item } = request;
      const find = findItem(item.type);
      if (!find || item.type === 'video') {
        throw new AppError('VALIDATION_ERROR', UNLOCK_MESSAGES.itemTypeNotYet, 400, 'item.type');
      }
      const messages = ITEM_MESSAGES[item.type];
      const found = await find(db, { itemId: item.id, viewerId: buyer.id });
      if (!found) throw new AppError('NOT_FOUND', messages.notFound, 404, 'item.id');
      if (found.authorId !== creator.id) {
        throw new AppError('VALIDATION_ERROR', UNLOCK_MESSAGES.otherCreator, 400, 'creator');
      }
      if (found.visibility !== 'pay-to-unlock' || found.price === null) {
        throw new AppError('VALIDATION_ERROR', messages.notForSale, 400, 'item.id');
      }
      if (await hasUnlocked(db, buyer.id, item.type, item.id)) {
        throw new AppError('CONFLICT', UNLOCK_MESSAGES.alreadyUnlocked, 409);
      }
      return { amount: found.price, details: { itemType: item.type, itemId: item.id } };
    },

    itemKey: (purchase) => `${purchase.details.itemType}:${purchase.details.itemId}`,

    grant: async (tx, purchase) => {
      const itemType = purchase.details.itemType as UnlockItemType;
      const itemId = String(purchase.details.itemId);
      if (!purchase.fanId) throw new Error(`Purchase ${purchase.id} has lost its fan.`);
      const find = findItem(itemType);
      if (!find || itemType === 'video') throw new Error(`Purchase ${purchase.id} unlocks a ${itemType}.`);
      const found = await find(tx, { itemId, viewerId: purchase.fanId });
      // Deleted, or no longer sold on its own, while a top-up was on its way.
      if (found?.visibility !== 'pay-to-unlock') {
        throw new PurchaseNoLongerPossible(ITEM_MESSAGES[itemType].notFound);
      }
      const isNew = await recordUnlock(tx, {
        fanId: purchase.fanId,
        itemType,
        itemId,
        purchaseId: purchase.id,
      });
      // Another purchase of the same item won the race since the quote.
      if (!isNew) throw new PurchaseNoLongerPossible(UNLOCK_MESSAGES.alreadyUnlocked);
    },
  });
}
