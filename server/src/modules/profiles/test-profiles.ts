import { count, eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { follows, users } from '../../db/schema/index.ts';
import { findUserId, type SignedUpAccount } from '../../test/factories/people.ts';

// The profile tests' own helpers; their people come from server/src/test/factories/.

/** A complete edit-account form with the account's current name and username. */
export function profileForm(account: SignedUpAccount, overrides: Record<string, unknown> = {}) {
  return {
    name: 'Thandiwe Phiri',
    username: account.username,
    gender: null,
    country: 'ZM',
    cartegory: null,
    bio: '',
    birthday: null,
    about: '',
    imagePublicId: null,
    phone: null,
    ...overrides,
  };
}

/** A profile's stored followers_count and the follow rows it counts, which must always agree. */
export async function readFollowerCounts(app: App, account: SignedUpAccount) {
  const id = await findUserId(app, account.cookie);
  const [row] = await app.db
    .select({ followersCount: users.followersCount })
    .from(users)
    .where(eq(users.id, id));
  const [rows] = await app.db.select({ total: count() }).from(follows).where(eq(follows.followedId, id));
  return { followersCount: row!.followersCount, rows: rows!.total };
}
