import { toAvatarAsset } from '@stagepass/contract/media';
import {
  REACTION_KINDS,
  type TPostVisibility,
  type TReactionCounts,
  type TReactionKind,
  type ZPostAuthor,
} from '@stagepass/contract/posts';
import type { TLockReason } from '@stagepass/contract/unlocks';
import { type Placeholder, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { items, users } from '../../db/schema/index.ts';
import { blockedEitherWayOf } from '../profiles/blocks.service.ts';
import { fullAccessCondition, SIGNED_OUT_VIEWER } from './item-access.service.ts';
import { reactionCountsOf, viewerReactionOf } from './item-reactions.service.ts';

/**
 * What every item's answer shares, whatever its kind (the view envelope): its author, its
 * terms and lock, its reaction counts and the viewer's reaction; and who is shown it at all.
 * A kind's read selects `itemEnvelopeColumns` beside its own (joining `items` and the
 * creator's `users` row) and spreads `toItemEnvelope` into its spec-shaped answer.
 */

/** The columns of the envelope, for a read that joins the item and its creator (users). */
export function itemEnvelopeColumns(viewer: string | Placeholder) {
  return {
    item: {
      creatorId: items.creatorId,
      visibility: items.visibility,
      price: items.price,
      status: items.status,
      views: items.views,
    },
    creator: { username: users.username, name: users.name, avatarPublicId: users.avatarPublicId },
    // A signed-out viewer given as '' is blocked by nobody: no probe of blocks.
    isBlocked:
      viewer === SIGNED_OUT_VIEWER ? sql<boolean>`false` : blockedEitherWayOf(viewer, items.creatorId),
    hasFullAccess: fullAccessCondition(viewer),
    reactionCounts: reactionCountsOf(items.id),
    viewerReaction: viewerReactionOf(items.id, viewer),
  };
}

/**
 * A kind's read by ids for one viewer (its preparedReadByIds statement, given the viewer as
 * a parameter: '' when signed out): the items among `ids` the viewer is shown, made into
 * the kind's answer, in the order of `ids`. One round trip.
 */
export async function readItemsForViewer<Row, View>(options: {
  db: Db;
  ids: readonly string[];
  viewerId: string | undefined;
  read: (db: Db, ids: readonly string[], params: { viewerId: string }) => Promise<unknown[]>;
  idOf: (row: Row) => string;
  isShown: (row: Row) => boolean;
  toView: (row: Row) => View;
}): Promise<View[]> {
  const rows = (await options.read(options.db, options.ids, {
    viewerId: options.viewerId ?? SIGNED_OUT_VIEWER,
  })) as Row[];
  const byId = new Map<string, View>();
  for (const row of rows) {
    if (options.isShown(row)) byId.set(options.idOf(row), options.toView(row));
  }
  return options.ids.flatMap((id) => byId.get(id) ?? []);
}

/** A row read with itemEnvelopeColumns. */
export type ItemEnvelopeRow = {
  item: {
    creatorId: string;
    visibility: TPostVisibility;
    price: number | null;
    status: 'processing' | 'published' | 'hidden' | 'removed';
    views: number;
  };
  creator: { username: string; name: string; avatarPublicId: string | null };
  isBlocked: boolean;
  hasFullAccess: boolean;
  reactionCounts: Partial<TReactionCounts> | null;
  viewerReaction: TReactionKind | null;
};

/**
 * Whether the viewer is shown the item at all (otherwise it answers like a missing one): never
 * across a block, never hidden or removed (to its author neither); its author sees it while
 * processing; anyone else once it is published and its main file is ready (the kind says).
 */
export function isItemShownTo(
  row: Pick<ItemEnvelopeRow, 'item' | 'isBlocked'>,
  viewerId: string | undefined,
  isMainFileReady: boolean,
): boolean {
  if (row.isBlocked) return false;
  const { status, creatorId } = row.item;
  if (status !== 'published' && status !== 'processing') return false;
  if (creatorId === viewerId) return true;
  return status === 'published' && isMainFileReady;
}

export type ItemEnvelope = {
  author: TPostAuthor;
  isAuthor: boolean;
  visibility: TPostVisibility;
  price: number | null;
  isLocked: boolean;
  lockReason: TLockReason | null;
  reactionCounts: TReactionCounts;
  /** Null for a signed-out viewer. */
  viewerReaction: TReactionKind | null;
};

export function toItemEnvelope(row: ItemEnvelopeRow, viewerId: string | undefined): ItemEnvelope {
  const { item } = row;
  const isLocked = !row.hasFullAccess;
  return {
    author: toItemAuthor(item.creatorId, row.creator),
    isAuthor: item.creatorId === viewerId,
    visibility: item.visibility,
    price: item.price,
    isLocked,
    lockReason: isLocked && item.visibility !== 'everyone' ? item.visibility : null,
    reactionCounts: { ...NO_REACTIONS, ...row.reactionCounts },
    viewerReaction: viewerId ? row.viewerReaction : null,
  };
}

type TPostAuthor = z.infer<typeof ZPostAuthor>;

/** Zero of every kind: the counts a read fills in (an item's row only names the kinds it has). */
const NO_REACTIONS = Object.freeze(
  Object.fromEntries(REACTION_KINDS.map((kind) => [kind, 0])) as TReactionCounts,
);

/** The spec's author of a post, a track or any item. */
export function toItemAuthor(creatorId: string, creator: ItemEnvelopeRow['creator']): TPostAuthor {
  return {
    userId: creatorId,
    pageId: creator.username,
    pageName: creator.name,
    profileAsset: toAvatarAsset(creator.avatarPublicId),
  };
}
