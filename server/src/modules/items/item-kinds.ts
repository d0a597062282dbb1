import type { TAudio } from '@stagepass/contract/audio';
import type { TItemKind } from '@stagepass/contract/items';
import type { TPost } from '@stagepass/contract/posts';
import type { TVideo } from '@stagepass/contract/video';
import type { Db } from '../../db/client.ts';

/** Each kind's answer in its spec's shape (the spec's Post, Audio, Video). */
export type ItemAnswerOf = { post: TPost; audio: TAudio; video: TVideo; series: TVideo };

/**
 * What each kind of item registers with the catalogue as the app is built (as purchase kinds
 * register with money): its answer in its spec's shape, how its items are named, and when
 * one may be sold. The catalogue
 * knows no kind's table; a kind's module knows its side table and answers for it.
 */
export type ItemKindDefinition<Kind extends TItemKind = TItemKind> = {
  /**
   * Its items among `ids` in its spec's shape as the viewer may see them, through the kind's
   * one gate (the envelope's rules and its own), by id; what the viewer is not shown is left out.
   */
  loadForViewer(options: {
    db: Db;
    appSecret: string;
    viewerId: string | undefined;
    ids: readonly string[];
  }): Promise<Map<string, ItemAnswerOf[Kind]>>;
  /** A short name for each of the creator's items of this kind among `ids` (deleted ones left out). */
  readTitles(db: Db, creatorId: string, ids: readonly string[]): Promise<Map<string, string>>;
  /**
   * Whether the kind's own part of an item is ready for a buyer: its main file processed
   * (a post without media always is). Asked after the item's shared terms.
   */
  isReadyForSale(db: Db, itemId: string): Promise<boolean>;
};

const kinds = new Map<TItemKind, ItemKindDefinition>();

export function defineItemKind<Kind extends TItemKind>(
  kind: Kind,
  definition: ItemKindDefinition<Kind>,
): void {
  kinds.set(kind, definition as unknown as ItemKindDefinition);
}

export function itemKindDefinition<Kind extends TItemKind>(kind: Kind): ItemKindDefinition<Kind> {
  const definition = kinds.get(kind);
  if (!definition)
    throw new Error(`The item kind '${kind}' is not registered: its module registers it in app.ts.`);
  return definition as unknown as ItemKindDefinition<Kind>;
}
