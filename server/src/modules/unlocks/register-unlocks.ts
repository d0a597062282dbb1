import { AUDIO_MESSAGES } from '@stagepass/contract/audio';
import type { TItemKind } from '@stagepass/contract/items';
import { POST_MESSAGES, type TPostVisibility } from '@stagepass/contract/posts';
import { UNLOCK_MESSAGES } from '@stagepass/contract/unlocks';
import { VIDEO_MESSAGES } from '@stagepass/contract/video';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { PurchaseNoLongerPossible, registerPurchaseKind } from '../money/purchases/purchases.service.ts';
import { hasUnlocked, recordUnlock } from './unlocks.service.ts';

/** Each kind's words, where they differ. */
const KIND_MESSAGES: Record<TItemKind, { notFound: string; notForSale: string }> = {
  post: { notFound: POST_MESSAGES.postNotFound, notForSale: UNLOCK_MESSAGES.notForSale },
  audio: { notFound: AUDIO_MESSAGES.notFound, notForSale: UNLOCK_MESSAGES.trackNotForSale },
  video: { notFound: VIDEO_MESSAGES.notFound, notForSale: UNLOCK_MESSAGES.videoNotForSale },
  series: { notFound: VIDEO_MESSAGES.notFound, notForSale: UNLOCK_MESSAGES.seriesNotForSale },
};

/**
 * The catalogue's findItemForSale, handed in by app.ts: the catalogue's access rule reads
 * unlocks, so unlocks does not import the catalogue.
 */
type FindItemForSale = (
  db: Db,
  options: { itemId: string; viewerId: string },
) => Promise<
  { kind: TItemKind; creatorId: string; visibility: TPostVisibility; price: number | null } | undefined
>;

/**
 * The purchase kind 'unlock' (unlock-exclusive-content): a pay-to-unlock item of the
 * catalogue (a post, a track, a video or a series), for good, at the item's price (integer ngwee). The
 * spec's "$1.99 per item" is a default for an item whose creator set no price; a
 * pay-to-unlock item always carries one (items' price check), so the default never applies.
 * A series sold whole opens its episodes through the access rule (their parent).
 */
export function registerUnlocks({ findItemForSale }: { findItemForSale: FindItemForSale }): void {
  registerPurchaseKind('unlock', {
    quote: async ({ db, buyer, creator, request }) => {
      const { item } = request;
      const messages = KIND_MESSAGES[item.type];
      const found = await findItemForSale(db, { itemId: item.id, viewerId: buyer.id });
      if (found?.kind !== item.type) throw new AppError('NOT_FOUND', messages.notFound, 404, 'item.id');
      if (found.creatorId !== creator.id) {
        throw new AppError('VALIDATION_ERROR', UNLOCK_MESSAGES.otherCreator, 400, 'creator');
      }
      if (found.visibility !== 'pay-to-unlock' || found.price === null) {
        throw new AppError('VALIDATION_ERROR', messages.notForSale, 400, 'item.id');
      }
      if (await hasUnlocked(db, buyer.id, item.id)) {
        throw new AppError('CONFLICT', UNLOCK_MESSAGES.alreadyUnlocked, 409);
      }
      return { amount: found.price, details: { itemType: item.type, itemId: item.id } };
    },

    itemId: (purchase) => String(purchase.details.itemId),

    grant: async (tx, purchase) => {
      const itemType = purchase.details.itemType as TItemKind;
      const itemId = String(purchase.details.itemId);
      if (!purchase.fanId) throw new Error(`Purchase ${purchase.id} has lost its fan.`);
      if (!(itemType in KIND_MESSAGES)) throw new Error(`Purchase ${purchase.id} unlocks a ${itemType}.`);
      const found = await findItemForSale(tx, { itemId, viewerId: purchase.fanId });
      // Deleted, or no longer sold on its own, while a top-up was on its way.
      if (found?.visibility !== 'pay-to-unlock') {
        throw new PurchaseNoLongerPossible(KIND_MESSAGES[itemType].notFound);
      }
      const isNew = await recordUnlock(tx, { fanId: purchase.fanId, itemId, purchaseId: purchase.id });
      // Another purchase of the same item won the race since the quote.
      if (!isNew) throw new PurchaseNoLongerPossible(UNLOCK_MESSAGES.alreadyUnlocked);
    },
  });
}
