import type { TPurchaseKind, TPurchaseRequest } from '@stagepass/contract/purchases';
import type { Db } from '../../../db/client.ts';
import type { PurchaseRow } from '../../../db/schema/index.ts';

/**
 * What money needs from each feature that sells something (decision 015): the price now,
 * and what completing a purchase grants. Features register their kind when the app is
 * built (passes, unlocks, tips, support), so money calls them without importing them.
 */

export type PurchaseBuyer = { id: string };
export type PurchaseCreator = { id: string; username: string; name: string };

export type PurchaseQuote = {
  /** Integer ngwee, from our data now. */
  amount: number;
  /** What is bought, as the feature names it; kept on the purchase and shown on receipts. */
  details: Record<string, string | number>;
};

export type PurchaseKind<Kind extends TPurchaseKind = TPurchaseKind> = {
  /**
   * The price and what is bought, read now; throws an AppError when it cannot be bought
   * (no such post, a period the creator does not offer, a tip name not on the list).
   */
  quote(options: {
    db: Db;
    buyer: PurchaseBuyer;
    creator: PurchaseCreator;
    request: Extract<TPurchaseRequest, { kind: Kind }>;
  }): Promise<PurchaseQuote>;
  /**
   * Grants what was bought, inside the transaction that pays for it. Throws
   * PurchaseNoLongerPossible when it cannot be granted any more (the post was deleted while
   * a top-up was on its way): the payment is then rolled back and the money stays.
   */
  grant(tx: Db, purchase: PurchaseRow): Promise<void>;
  /**
   * The one item a purchase earned for (its id in the catalogue), for the creator's
   * top-earning items; left out by kinds that buy no single item (passes, support).
   */
  itemId?(purchase: PurchaseRow): string | null;
  /**
   * Whether the purchase renews what the fan had before (a pass bought again), asked before
   * the grant, for the creator's analytics; left out by kinds that never renew.
   */
  isRenewal?(tx: Db, purchase: PurchaseRow): Promise<boolean>;
};

/** The item or the creator went away between the quote and the payment. */
export class PurchaseNoLongerPossible extends Error {
  override name = 'PurchaseNoLongerPossible';
}

/** A block stands between the fan and the creator, either way: no money moves between them. */
export class PurchaseBlocked extends PurchaseNoLongerPossible {
  override name = 'PurchaseBlocked';
}

const kinds = new Map<TPurchaseKind, PurchaseKind>();

/** Called by a feature as the app is built; registering the same kind again replaces it. */
export function registerPurchaseKind<Kind extends TPurchaseKind>(
  kind: Kind,
  handler: PurchaseKind<Kind>,
): void {
  kinds.set(kind, handler as unknown as PurchaseKind);
}

export function getPurchaseKind(kind: TPurchaseKind): PurchaseKind {
  const handler = kinds.get(kind);
  if (!handler) throw new Error(`No feature sells purchases of kind ${kind}.`);
  return handler;
}
