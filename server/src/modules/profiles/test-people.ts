import type { TCreatorCategory } from '@stagepass/contract/auth';
import { count, eq } from 'drizzle-orm';
import type { App } from '../../app.ts';
import { follows, mediaAssets, users } from '../../db/schema/index.ts';
import { createId } from '../../lib/ids.ts';
import { type SignedUpAccount, signUpAccount } from '../../test/accounts.ts';

// Test factories for the profile tests: people are made the way real ones are (sign-up,
// then the account-type step), so every rule on the way applies to them too.

export async function createCreator(
  app: App,
  options: { name?: string; cartegory?: TCreatorCategory } = {},
): Promise<SignedUpAccount> {
  const account = await signUpAccount(app, { name: options.name });
  await setAccountType(app, account.cookie, {
    name: 'creator',
    cartegory: options.cartegory ?? 'music artist',
  });
  return account;
}

export async function createFan(app: App, options: { name?: string } = {}): Promise<SignedUpAccount> {
  const account = await signUpAccount(app, { name: options.name });
  await setAccountType(app, account.cookie, { name: 'fan' });
  return account;
}

async function setAccountType(app: App, cookie: string, payload: object): Promise<void> {
  const response = await app.inject({
    method: 'PUT',
    url: '/api/users/account-type',
    headers: { cookie },
    payload,
  });
  if (response.statusCode !== 200) throw new Error(`account type not set: ${response.body}`);
}

export async function findUserId(app: App, cookie: string): Promise<string> {
  const response = await app.inject({ url: '/api/auth/session', headers: { cookie } });
  return response.json()._id;
}

/** An avatar upload's files and row, as the media module leaves them after an upload. */
export async function insertAvatarAsset(app: App, ownerId: string): Promise<string> {
  const publicId = createId();
  for (const size of [256, 64]) {
    await app.mediaStore.put(`${publicId}/avatar${size}.webp`, Buffer.from('webp'), {
      contentType: 'image/webp',
    });
  }
  await app.db.insert(mediaAssets).values({
    publicId,
    ownerId,
    kind: 'image',
    purpose: 'avatar',
    variants: { avatar256: `${publicId}/avatar256.webp`, avatar64: `${publicId}/avatar64.webp` },
    width: 256,
    height: 256,
    bytes: 1000,
  });
  return publicId;
}

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
