import { POST_MESSAGES, type TTip } from '@stagepass/contract/posts';
import { findTipOption, TIP_MESSAGES, TIPS_SHOWN } from '@stagepass/contract/tips';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { items, type PurchaseRow, type posts, postTips } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { findItemForSale } from '../items/items.service.ts';
import { PurchaseNoLongerPossible, registerPurchaseKind } from '../money/purchases/purchases.service.ts';

/**
 * Tips on posts (the spec's Tip): a fan sends one of the named tips (contract/src/tips.ts)
 * on a creator's post. Money sells it as a purchase of kind 'tip' (decision 017): the
 * price is the named tip's, and completing it puts the tip on the post (post_tips).
 */
export function registerTips(): void {
  registerPurchaseKind('tip', {
    quote: async ({ db, buyer, creator, request }) => {
      const option = findTipOption(request.tipName);
      if (!option) throw new AppError('VALIDATION_ERROR', TIP_MESSAGES.unknownTip, 400, 'tipName');
      if (request.amount !== option.amount) {
        throw new AppError('VALIDATION_ERROR', TIP_MESSAGES.wrongAmount(option), 400, 'amount');
      }
      // A post the fan may see (a locked one shows its text, so it may be tipped too).
      const post = await findItemForSale(db, { itemId: request.postId, viewerId: buyer.id });
      if (post?.kind !== 'post') throw new AppError('NOT_FOUND', POST_MESSAGES.postNotFound, 404, 'postId');
      if (post.creatorId !== creator.id) {
        throw new AppError('VALIDATION_ERROR', TIP_MESSAGES.notTheCreatorsPost, 400, 'postId');
      }
      return {
        amount: option.amount,
        details: { postId: request.postId, tipName: option.name, emoji: option.emoji },
      };
    },
    grant: grantTip,
    itemId: (purchase) => String(purchase.details.postId),
  });
}

/** Puts the paid tip on its post, inside the paying transaction; the post may be gone by now. */
async function grantTip(tx: Db, purchase: PurchaseRow): Promise<void> {
  const { postId, tipName, emoji } = purchase.details as { postId: string; tipName: string; emoji: string };
  // The key-share lock keeps the post's item from being deleted until this transaction ends.
  const [post] = await tx.select({ id: items.id }).from(items).where(eq(items.id, postId)).for('key share');
  if (!post) throw new PurchaseNoLongerPossible(`The post ${postId} was deleted.`);
  await tx.insert(postTips).values({
    purchaseId: purchase.id,
    postId,
    fanId: purchase.fanId,
    tipName,
    emoji,
    amount: purchase.amount,
  });
}

/**
 * The columns a post read selects for its tips, given the post's id column: the newest
 * TIPS_SHOWN as [name, emoji, amount, owner] (read on post_tips_post_newest), and the
 * count and sum of them all. Posts put them in the one statement that reads a post.
 */
export function postTipColumns(postId: SQL | typeof posts.id) {
  return {
    newestTips: sql<[string, string, number, string | null][]>`coalesce((
        select json_agg(json_build_array(newest.tip_name, newest.emoji, newest.amount, newest.fan_id))
        from (select tip_name, emoji, amount, fan_id from ${postTips} as tip where tip.post_id = ${postId}
              order by tip.created_at desc, tip.purchase_id desc limit ${sql.raw(String(TIPS_SHOWN))}) as newest), '[]')`,
    tipTotals: sql<[number, number]>`(select json_build_array(count(*), coalesce(sum(tip.amount), 0))
        from ${postTips} as tip where tip.post_id = ${postId})`,
  };
}

/** What postTipColumns read, as the Post entity's tips[] and tipTotals. */
export function toPostTips(
  postId: string,
  newestTips: [string, string, number, string | null][],
  totals: [number, number],
): { tips: TTip[]; tipTotals: { count: number; amount: number } } {
  return {
    tips: newestTips.map(([name, emoji, amount, owner]) => ({
      name,
      emoji,
      amount: Number(amount),
      owner,
      postId,
    })),
    tipTotals: { count: Number(totals[0]), amount: Number(totals[1]) },
  };
}
