import { POST_MESSAGES, type TPost, type TPostFieldsUpdate } from '@stagepass/contract/posts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { items, posts } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { updateItemSale } from '../items/items.service.ts';
import { loadPostsForViewer } from './post-view.ts';

type PostFields = TPostFieldsUpdate['update'];

/**
 * The author changes the description, visibility, price or whether reactions are open.
 * The price follows the visibility: required when the post is (or becomes) pay-to-unlock,
 * cleared when it stops being so. The row is locked while the new state is checked.
 */
export async function updatePostFields(options: {
  db: Db;
  appSecret: string;
  authorId: string;
  postId: string;
  fields: PostFields;
}): Promise<TPost> {
  const { db, authorId, postId, fields } = options;
  await db.transaction(async (tx) => {
    // Both rows locked: the post's own and its item's (visibility and price are the item's).
    const [row] = await tx
      .select({ post: posts, visibility: items.visibility, price: items.price })
      .from(posts)
      .innerJoin(items, eq(items.id, posts.id))
      .where(eq(posts.id, postId))
      .for('update');
    const post = row && { ...row.post, visibility: row.visibility, price: row.price };
    if (!post) throw new AppError('NOT_FOUND', POST_MESSAGES.postNotFound, 404);
    if (post.authorId !== authorId) throw new AppError('FORBIDDEN', POST_MESSAGES.onlyAuthorUpdates, 403);

    const visibility = fields.visibility ?? post.visibility;
    const isPaid = visibility === 'pay-to-unlock';
    if (!isPaid && fields.price != null) {
      throw new AppError('VALIDATION_ERROR', POST_MESSAGES.priceOnlyWhenPaid, 400, 'price');
    }
    const price = isPaid ? (fields.price ?? post.price) : null;
    if (isPaid && price == null)
      throw new AppError('VALIDATION_ERROR', POST_MESSAGES.priceRequired, 400, 'price');
    const description = fields.description ?? post.description;
    if (post.type === 'text' && description === '') {
      throw new AppError('VALIDATION_ERROR', POST_MESSAGES.textRequired, 400, 'description');
    }

    await updateItemSale(tx, { itemId: postId, creatorId: authorId, visibility, price });
    await tx
      .update(posts)
      .set({
        description,
        isReactionsOpen: fields.isReactionsOpen ?? post.isReactionsOpen,
        updatedAt: new Date(),
      })
      .where(eq(posts.id, postId));
  });
  const [post] = await loadPostsForViewer({
    db,
    appSecret: options.appSecret,
    viewerId: authorId,
    ids: [postId],
  });
  if (!post) throw new AppError('NOT_FOUND', POST_MESSAGES.postNotFound, 404);
  return post;
}
