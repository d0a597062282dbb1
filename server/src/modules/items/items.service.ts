import type { TItemKind } from '@stagepass/contract/items';
import type { TPostVisibility } from '@stagepass/contract/posts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ItemRow, itemMedia, items } from '../../db/schema/index.ts';
import { emit } from '../../events/domain-events.ts';
import { blockedEitherWayCondition } from '../profiles/blocks.service.ts';
import {
  defineItemKind,
  type ItemAnswerOf,
  type ItemKindDefinition,
  itemKindDefinition,
} from './item-kinds.ts';

/**
 * The catalogue (decision 023): one items row for everything a creator publishes. A kind's
 * module writes its side table and the item together, through these calls, inside its own
 * transaction; what points at an item (unlocks, tips, earnings) goes with it by foreign key.
 */

export type { ItemAnswerOf, ItemKindDefinition };

/** Registers a kind (its answer, its titles, when it may be sold); called once as the app is built. */
export function registerItemKind<Kind extends TItemKind>(
  kind: Kind,
  definition: ItemKindDefinition<Kind>,
): void {
  defineItemKind(kind, definition);
}

/** One item in its kind's spec-shaped answer. */
export type LoadedItem = {
  [Kind in TItemKind]: { kind: Kind; itemId: string; answer: ItemAnswerOf[Kind] };
}[TItemKind];

/**
 * Items of any kinds, each in its kind's answer as the viewer may see it, in the order of
 * `ids`; what the viewer is not shown (missing, blocked, hidden, not ready) is left out. For
 * whatever names items of mixed kinds (a list of unlocks, comments, notifications).
 */
export async function loadItemsForViewer(options: {
  db: Db;
  appSecret: string;
  viewerId: string | undefined;
  ids: readonly string[];
}): Promise<LoadedItem[]> {
  if (options.ids.length === 0) return [];
  const rows = await options.db
    .select({ id: items.id, kind: items.kind })
    .from(items)
    .where(inArray(items.id, [...new Set(options.ids)]));
  const loaded = new Map<string, LoadedItem>();
  for (const kind of new Set(rows.map((row) => row.kind))) {
    const ids = rows.filter((row) => row.kind === kind).map((row) => row.id);
    const answers = await itemKindDefinition(kind).loadForViewer({ ...options, ids });
    for (const [itemId, answer] of answers) loaded.set(itemId, { kind, itemId, answer } as LoadedItem);
  }
  return options.ids.flatMap((id) => loaded.get(id) ?? []);
}

export type NewItem = {
  id: string;
  kind: TItemKind;
  creatorId: string;
  visibility: TPostVisibility;
  /** Integer ngwee, exactly for pay-to-unlock. */
  price: number | null;
  /** An episode's series and its place in it (the kind places it: see series-episodes.ts). */
  parentId?: string | null;
  position?: number | null;
  /**
   * Whether the item's main file (role 'main') is ready to be played or shown; true when it
   * has none (a text post, a series). An item whose file is still processing waits in
   * 'processing', seen by its author only, until publishItemsWithReadyFile.
   */
  isMainFileReady: boolean;
};

/**
 * Adds the item inside the kind's create transaction, and its time, which the side table
 * copies (posts_item, audio_tracks_item). An item whose main file is ready is published at
 * once and told (item.published, delivered only if that transaction commits); one whose file
 * is still processing is published when media says the file is ready. Undefined when the id
 * is taken already (a repeat or a concurrent create), in which case nothing is written.
 */
export async function insertItem(tx: Db, item: NewItem): Promise<{ createdAt: Date } | undefined> {
  const { isMainFileReady, ...fields } = item;
  // Made here, not by the database's now(): a JavaScript Date keeps milliseconds only, and
  // the side table's copy must equal the item's time to the microsecond (its foreign key).
  const createdAt = new Date();
  const [inserted] = await tx
    .insert(items)
    .values({
      ...fields,
      price: item.visibility === 'pay-to-unlock' ? item.price : null,
      status: isMainFileReady ? 'published' : 'processing',
      createdAt,
      publishedAt: isMainFileReady ? createdAt : null,
    })
    .onConflictDoNothing({ target: items.id })
    .returning({ createdAt: items.createdAt });
  if (inserted && isMainFileReady)
    await emit(tx, 'item.published', { itemId: item.id, kind: item.kind, creatorId: item.creatorId });
  return inserted;
}

/**
 * The media upload is ready (media.ready): every item still waiting in 'processing' with it
 * as its main file is published now, and told. Runs as that event's subscriber, so it may
 * run twice: an item published already is left alone, and told once.
 */
export async function publishItemsWithReadyFile(db: Db, mediaPublicId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const waiting = tx
      .select({ itemId: itemMedia.itemId })
      .from(itemMedia)
      .where(and(eq(itemMedia.mediaPublicId, mediaPublicId), eq(itemMedia.role, 'main')));
    const published = await tx
      .update(items)
      .set({ status: 'published', publishedAt: new Date() })
      .where(and(inArray(items.id, waiting), eq(items.status, 'processing')))
      .returning({ itemId: items.id, kind: items.kind, creatorId: items.creatorId });
    for (const item of published) await emit(tx, 'item.published', item);
    return published.length;
  });
}

/** The creator's item of this kind, or undefined (another's, another kind's, or none). */
export async function findOwnItem(
  db: Db,
  options: { itemId: string; kind: TItemKind; creatorId: string },
): Promise<ItemRow | undefined> {
  const [row] = await db
    .select()
    .from(items)
    .where(
      and(eq(items.id, options.itemId), eq(items.kind, options.kind), eq(items.creatorId, options.creatorId)),
    );
  return row;
}

/** Any item by id, of any creator. */
export async function findItem(db: Db, itemId: string): Promise<ItemRow | undefined> {
  const [row] = await db.select().from(items).where(eq(items.id, itemId));
  return row;
}

/** Changes who may see the creator's item and its price; false when it is not theirs (or gone). */
export async function updateItemSale(
  tx: Db,
  options: { itemId: string; creatorId: string; visibility: TPostVisibility; price: number | null },
): Promise<boolean> {
  const updated = await tx
    .update(items)
    .set({
      visibility: options.visibility,
      price: options.visibility === 'pay-to-unlock' ? options.price : null,
    })
    .where(and(eq(items.id, options.itemId), eq(items.creatorId, options.creatorId)))
    .returning({ id: items.id });
  return updated.length > 0;
}

/**
 * Deletes the creator's item: its side table's row, reactions, unlocks, tips, earnings and
 * episodes go with it by their keys. False when there was none of theirs (a concurrent delete).
 */
export async function deleteItem(db: Db, options: { itemId: string; creatorId: string }): Promise<boolean> {
  const deleted = await db
    .delete(items)
    .where(and(eq(items.id, options.itemId), eq(items.creatorId, options.creatorId)))
    .returning({ id: items.id });
  return deleted.length > 0;
}

/** What selling an item needs to know of it, as the buyer may see it. */
export type ItemForSale = {
  kind: TItemKind;
  creatorId: string;
  visibility: TPostVisibility;
  price: number | null;
};

/**
 * An item's terms of sale as `viewerId` may see it: undefined when it is missing, not
 * published (hidden, removed, still processing), its creator blocked either way, or its
 * kind's own part not ready (a photo still processing). The unlock purchase prices and grants by it.
 */
export async function findItemForSale(
  db: Db,
  options: { itemId: string; viewerId: string },
): Promise<ItemForSale | undefined> {
  const [row] = await db
    .select({
      kind: items.kind,
      creatorId: items.creatorId,
      visibility: items.visibility,
      price: items.price,
      status: items.status,
      isBlocked: blockedEitherWayCondition(options.viewerId, items.creatorId),
    })
    .from(items)
    .where(eq(items.id, options.itemId));
  if (!row || row.isBlocked || row.status !== 'published') return undefined;
  if (!(await itemKindDefinition(row.kind).isReadyForSale(db, options.itemId))) return undefined;
  return { kind: row.kind, creatorId: row.creatorId, visibility: row.visibility, price: row.price };
}

/**
 * The creator's items among `ids` by id → their kind and a short name (a track's title, a
 * post's first words), each kind naming its own; deleted ones are left out.
 */
export async function readItemNames(
  db: Db,
  creatorId: string,
  ids: readonly string[],
): Promise<Map<string, { kind: TItemKind; title: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: items.id, kind: items.kind })
    .from(items)
    .where(and(eq(items.creatorId, creatorId), inArray(items.id, [...ids])));
  const names = new Map<string, { kind: TItemKind; title: string }>();
  for (const kind of new Set(rows.map((row) => row.kind))) {
    const ofKind = rows.filter((row) => row.kind === kind).map((row) => row.id);
    const titles = await itemKindDefinition(kind).readTitles(db, creatorId, ofKind);
    for (const [id, title] of titles) names.set(id, { kind, title });
  }
  return names;
}
