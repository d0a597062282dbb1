import type { TReactionCounts, TReactionKind } from '@stagepass/contract/posts';
import { and, type Column, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type Db, readRows } from '../../db/client.ts';
import { itemReactions } from '../../db/schema/index.ts';

/**
 * Reactions to any item, once (item_reactions): how a kind changes a viewer's reaction, and
 * the columns its reads select. Whether the viewer may react (they see the item in full, its
 * reactions are open) is the kind's check, made before these calls.
 */

export type ReactionChange = 'added' | 'replaced' | 'removed';

/** The item an outer query reads: its id column, or an expression of it. */
type ItemIdOf = Column | SQL;
/** The viewer of an outer query: their id, or a prepared statement's placeholder for it. */
type ViewerOf = string | Placeholder;

/**
 * The spec's like of a post: the same reaction from the same owner removes it, a different
 * one replaces it, otherwise the new one is added (and, being the newest, comes first).
 * Two statements, to be run in one transaction: the upsert either inserts, or replaces a
 * different kind, or (same kind) matches no row while still locking the existing one, which
 * the delete then removes. A concurrent request for the same owner and item waits on that
 * row (or on the inserted key), so toggles run one after another and each sees the last one.
 */
export async function toggleItemReaction(
  tx: Db,
  options: { itemId: string; ownerId: string; kind: TReactionKind },
): Promise<ReactionChange> {
  const { itemId, ownerId, kind } = options;
  const result = await tx.execute(sql`
    insert into ${itemReactions} (item_id, owner_id, kind, created_at)
    values (${itemId}, ${ownerId}, ${kind}, now())
    on conflict (item_id, owner_id) do update
      set kind = excluded.kind, created_at = excluded.created_at
      where ${itemReactions.kind} <> excluded.kind
    returning (xmax = 0) as "isInsert"`);
  const [upserted] = readRows<{ isInsert: boolean }>(result);
  if (upserted) return upserted.isInsert ? 'added' : 'replaced';
  await tx.delete(itemReactions).where(reactionOf(itemId, ownerId, kind));
  return 'removed';
}

/** Sets (not toggles) the owner's reaction, or takes it away with 'none': a repeat is harmless. */
export async function setItemReaction(
  db: Db,
  options: { itemId: string; ownerId: string; kind: TReactionKind | 'none' },
): Promise<void> {
  const { itemId, ownerId, kind } = options;
  if (kind === 'none') {
    await db.delete(itemReactions).where(reactionOf(itemId, ownerId));
    return;
  }
  await db
    .insert(itemReactions)
    .values({ itemId, ownerId, kind })
    .onConflictDoUpdate({
      target: [itemReactions.itemId, itemReactions.ownerId],
      set: { kind, createdAt: sql`now()` },
    });
}

function reactionOf(itemId: string, ownerId: string, kind?: TReactionKind) {
  return and(
    eq(itemReactions.itemId, itemId),
    eq(itemReactions.ownerId, ownerId),
    kind ? eq(itemReactions.kind, kind) : undefined,
  );
}

/**
 * The newest `limit` reactions as [owner, kind] pairs, newest first: read in the order of
 * item_reactions_newest, which says "nulls last" (without it, every reaction was sorted).
 */
export function newestReactionsOf(itemId: ItemIdOf, limit: number): SQL<[string, TReactionKind][]> {
  return sql<[string, TReactionKind][]>`coalesce((
      select json_agg(json_build_array(newest.owner_id, newest.kind))
      from (select owner_id, kind from ${itemReactions} as reaction where reaction.item_id = ${itemId}
            order by reaction.created_at desc nulls last, reaction.owner_id desc nulls last
            limit ${sql.raw(String(limit))}) as newest), '[]')`;
}

/** How many reactions of each kind; null when there are none (the reader fills the zeros). */
export function reactionCountsOf(itemId: ItemIdOf): SQL<Partial<TReactionCounts> | null> {
  return sql<Partial<TReactionCounts> | null>`(
      select json_object_agg(per_kind.kind, per_kind.total)
      from (select kind, count(*)::int as total from ${itemReactions} as reaction
            where reaction.item_id = ${itemId} group by kind) as per_kind)`;
}

/** The viewer's own reaction, or null (also for a signed-out viewer, whose id matches no owner). */
export function viewerReactionOf(itemId: ItemIdOf, viewer: ViewerOf): SQL<TReactionKind | null> {
  return sql<TReactionKind | null>`(select kind from ${itemReactions} as reaction
      where reaction.item_id = ${itemId} and reaction.owner_id = ${viewer})`;
}
