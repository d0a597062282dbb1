import type { TItemKind } from '@stagepass/contract/items';
import type { Db } from '../../db/client.ts';

/**
 * What each kind of item registers with the catalogue as the app is built (as purchase kinds
 * register with money): how its items are named, and when one may be sold. The catalogue
 * knows no kind's table; a kind's module knows its side table and answers for it.
 */
export type ItemKindDefinition = {
  /** A short name for each of the creator's items of this kind among `ids` (deleted ones left out). */
  readTitles(db: Db, creatorId: string, ids: readonly string[]): Promise<Map<string, string>>;
  /**
   * Whether the kind's own part of an item is ready for a buyer: its main file processed
   * (a post without media always is). Asked after the item's shared terms.
   */
  isReadyForSale(db: Db, itemId: string): Promise<boolean>;
};

const kinds = new Map<TItemKind, ItemKindDefinition>();

export function defineItemKind(kind: TItemKind, definition: ItemKindDefinition): void {
  kinds.set(kind, definition);
}

export function itemKindDefinition(kind: TItemKind): ItemKindDefinition {
  const definition = kinds.get(kind);
  if (!definition)
    throw new Error(`The item kind '${kind}' is not registered: its module registers it in app.ts.`);
  return definition;
}
