import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mediaAssets, users } from '../../db/schema/index.ts';
import type { MediaStore } from '../../lib/media-store.ts';
import type { CurrentSession } from '../../plugins/session.ts';
import {
  forgetPayoutRecipients,
  refuseClosingWithMoneyToPayOut,
} from '../money/payouts/closing-account.service.ts';
import { removeFollowsBy } from '../profiles/follows.service.ts';
import { confirmItIsTheOwner } from './confirm-owner.ts';

/**
 * Deletes the account and its personal data: the files of every upload, then the user
 * row, which takes with it (by foreign keys) its sessions, codes, media rows, follows in
 * both directions, blocks, and reports about the profile; reports the person made stay for
 * the moderators with the reporter set to null.
 *
 * Money records (the wallet issue) must NOT go with it: ledger lines are the platform's
 * accounts and other people's balances depend on them. That issue must give them a
 * reference that survives this delete (no ON DELETE CASCADE to users; e.g. a wallet or
 * account id with ON DELETE SET NULL, or a copied opaque id) and keep no name, email or
 * phone number on them, so what remains is anonymous. Payouts: an account with a payout on
 * its way, or earnings it can pay out, is refused (money/payouts/closing-account.service.ts),
 * and its payouts' numbers are forgotten.
 */
export async function deleteAccount(options: {
  db: Db;
  mediaStore: MediaStore;
  current: CurrentSession;
  currentPassword?: string;
  /** Money's rules for a creator's earnings (config.payouts). */
  payouts: { minimum: number; earningsHoldHours: number };
}): Promise<void> {
  const { db, mediaStore, current } = options;
  await confirmItIsTheOwner(current, options.currentPassword);
  const userId = current.user.id;
  await db.transaction(async (tx) => {
    // Locking the user row first makes an upload finishing now wait (its media row needs
    // the user row) and then fail, so every file is among those listed here.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await refuseClosingWithMoneyToPayOut(tx, {
      userId,
      payoutMinimum: options.payouts.minimum,
      earningsHoldHours: options.payouts.earningsHoldHours,
    });
    const assets = await tx
      .select({ variants: mediaAssets.variants })
      .from(mediaAssets)
      .where(eq(mediaAssets.ownerId, userId));
    // Files go first, inside the transaction: if they cannot be removed, the account stays
    // and deleting it again finishes the job (a missing file is not an error).
    await mediaStore.delete(assets.flatMap((asset) => Object.values(asset.variants)));
    // The cascade would drop this person's follows without lowering the creators' counts.
    await removeFollowsBy(tx, userId);
    await forgetPayoutRecipients(tx, userId);
    await tx.delete(users).where(eq(users.id, userId));
  });
}
