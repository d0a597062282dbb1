import { POST_MESSAGES, type TPostVisibility } from '@stagepass/contract/posts';
import { UNLOCK_MESSAGES } from '@stagepass/contract/unlocks';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { PurchaseNoLongerPossible, registerPurchaseKind } from '../money/purchases/purchases.service.ts';
import { hasUnlocked, recordUnlock } from './unlocks.service.ts';

/** What selling a post needs to know of it, as the buyer may see it. */
export type UnlockablePost = { authorId: string; visibility: TPostVisibility; price: number | null };

/**
 * The post by id as `viewerId` may see it (undefined when missing, blocked either way, or
 * its media not ready): posts' findPostForSale, handed in by app.ts. Unlocks does not
 * import posts, because posts reads unlocks (the access condition, the purchased list).
 */
export type FindUnlockablePost = (
  db: Db,
  options: { postId: string; viewerId: string },
) => Promise<UnlockablePost | undefined>;

/**
 * The purchase kind 'unlock' (unlock-exclusive-content): a pay-to-unlock post, for good, at
 * the post's price (posts.price, integer ngwee). The spec's "$1.99 per item" is a default
 * for an item whose creator set no price; a pay-to-unlock post always carries one (the
 * posts_price_only_when_paid check), so the default never applies to posts. Audio tracks
 * and videos are refused until their issues land.
 */
export function registerUnlocks(options: { findPost: FindUnlockablePost }): void {
  registerPurchaseKind('unlock', {
    quote: async ({ db, buyer, creator, request }) => {
      const { item } = request;
      if (item.type !== 'post') {
        throw new AppError('VALIDATION_ERROR', UNLOCK_MESSAGES.itemTypeNotYet, 400, 'item.type');
      }
      const post = await options.findPost(db, { postId: item.id, viewerId: buyer.id });
      if (!post) throw new AppError('NOT_FOUND', POST_MESSAGES.postNotFound, 404, 'item.id');
      if (post.authorId !== creator.id) {
        throw new AppError('VALIDATION_ERROR', UNLOCK_MESSAGES.otherCreator, 400, 'creator');
      }
      if (post.visibility !== 'pay-to-unlock' || post.price === null) {
        throw new AppError('VALIDATION_ERROR', UNLOCK_MESSAGES.notForSale, 400, 'item.id');
      }
      if (await hasUnlocked(db, buyer.id, 'post', item.id)) {
        throw new AppError('CONFLICT', UNLOCK_MESSAGES.alreadyUnlocked, 409);
      }
      return { amount: post.price, details: { itemType: 'post', itemId: item.id } };
    },

    itemKey: (purchase) => `post:${purchase.details.itemId}`,

    grant: async (tx, purchase) => {
      const itemId = String(purchase.details.itemId);
      if (!purchase.fanId) throw new Error(`Purchase ${purchase.id} has lost its fan.`);
      const post = await options.findPost(tx, { postId: itemId, viewerId: purchase.fanId });
      // Deleted, or no longer sold on its own, while a top-up was on its way.
      if (post?.visibility !== 'pay-to-unlock') {
        throw new PurchaseNoLongerPossible(POST_MESSAGES.postNotFound);
      }
      const isNew = await recordUnlock(tx, {
        fanId: purchase.fanId,
        itemType: 'post',
        itemId,
        purchaseId: purchase.id,
      });
      // Another purchase of the same post won the race since the quote.
      if (!isNew) throw new PurchaseNoLongerPossible(UNLOCK_MESSAGES.alreadyUnlocked);
    },
  });
}
