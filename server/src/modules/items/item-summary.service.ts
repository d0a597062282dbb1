import { ITEM_MESSAGES, type TItemSummary } from '@stagepass/contract/items';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { items, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { blockedEitherWayCondition } from '../profiles/blocks.service.ts';
import { fullAccessCondition, SIGNED_OUT_VIEWER } from './item-access.service.ts';
import { isItemShownTo, toItemAuthor } from './item-envelope.service.ts';
import { itemKindDefinition } from './item-kinds.ts';

/**
 * One item of any kind as the viewer may see it (GET /api/items/:itemId): what a link that
 * names only an item's id (the unlock modal's) needs to show and sell it. Missing, hidden,
 * removed, blocked either way, and (to anyone but its author) not yet ready answer alike.
 */
export async function readItemSummary(options: {
  db: Db;
  viewerId: string | undefined;
  itemId: string;
}): Promise<TItemSummary> {
  const { db, viewerId, itemId } = options;
  const [row] = await db
    .select({
      item: items,
      creator: { username: users.username, name: users.name, avatarPublicId: users.avatarPublicId },
      isBlocked: blockedEitherWayCondition(viewerId, items.creatorId),
      hasFullAccess: fullAccessCondition(viewerId ?? SIGNED_OUT_VIEWER),
    })
    .from(items)
    .innerJoin(users, eq(users.id, items.creatorId))
    .where(eq(items.id, itemId));
  const notFound = () => new AppError('NOT_FOUND', ITEM_MESSAGES.notFound, 404, 'itemId');
  if (!row || row.isBlocked) throw notFound();
  const { item } = row;
  const isOwn = item.creatorId === viewerId;
  const kind = itemKindDefinition(item.kind);
  const isReady = isOwn || (item.status === 'published' && (await kind.isReadyForSale(db, item.id)));
  if (!isItemShownTo(row, viewerId, isReady)) throw notFound();
  const titles = await kind.readTitles(db, item.creatorId, [item.id]);
  const isLocked = !row.hasFullAccess;
  return {
    itemId: item.id,
    kind: item.kind,
    title: titles.get(item.id) ?? '',
    author: toItemAuthor(item.creatorId, row.creator),
    visibility: item.visibility,
    price: item.price,
    isLocked,
    lockReason: isLocked && item.visibility !== 'everyone' ? item.visibility : null,
    isOwn,
  };
}
