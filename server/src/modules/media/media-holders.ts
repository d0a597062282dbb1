import type { TItemKind } from '@stagepass/contract/items';
import type { SQL, SQLWrapper } from 'drizzle-orm';

/**
 * What media asks the catalogue about an upload (item_media, decision 023): which item holds
 * it, as what, and on what terms. Media reads no kind's table and imports no module (the
 * catalogue imports profiles, which imports media): app.ts hands it the catalogue's reads
 * as the app is built (registerMediaHolders), as it hands unlocks findItemForSale.
 */
export type MediaHolderTerms = {
  kind: TItemKind;
  role: 'main' | 'cover' | 'preview';
  visibility: 'everyone' | 'subscribers' | 'pay-to-unlock';
  status: 'processing' | 'published' | 'hidden' | 'removed';
};

export type MediaHolderReads = {
  /** The holder of the asset named by `publicId` (a column of the asset's read), or null. */
  holderColumn(publicId: SQLWrapper): SQL<MediaHolderTerms | null>;
  /** "Some item uses the asset named by `publicId`". */
  isHeldCondition(publicId: SQLWrapper): SQL<boolean>;
};

let reads: MediaHolderReads | undefined;

export function registerMediaHolders(holderReads: MediaHolderReads): void {
  reads = holderReads;
}

export function mediaHolderReads(): MediaHolderReads {
  if (!reads) throw new Error('Media holders are not registered: app.ts hands media the catalogue reads.');
  return reads;
}
