import type { TCreatorCategory } from '@stagepass/contract/auth';
import type { TCountryCode } from '@stagepass/contract/countries';
import { toAvatarAsset } from '@stagepass/contract/media';
import type { TPassPrice } from '@stagepass/contract/passes';
import { PROFILE_MESSAGES, type TProfile } from '@stagepass/contract/profiles';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { follows, type UserRow, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { mainPassPrice, readActivePassExpiry, readPassPrices } from '../passes/passes.service.ts';
import { isBlockedBetween } from './blocks.ts';

/** '@Ana', 'ana' and ' ANA ' all name '@ana', the stored form. */
export function toStoredUsername(raw: string): string {
  return `@${raw.trim().replace(/^@/, '').toLowerCase()}`;
}

export async function findUserByUsername(db: Db, rawUsername: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.username, toStoredUsername(rawUsername)))
    .limit(1);
  return user;
}

/**
 * The profile as the viewer may see it, or undefined when it does not exist for them: an
 * unknown name and a block in either direction look the same, so a block is never revealed.
 */
export async function findVisibleProfile(options: {
  db: Db;
  username: string;
  viewer: UserRow | undefined;
}): Promise<UserRow | undefined> {
  const { db, viewer } = options;
  const profile = await findUserByUsername(db, options.username);
  if (!profile) return undefined;
  if (viewer && viewer.id !== profile.id && (await isBlockedBetween(db, viewer.id, profile.id))) {
    return undefined;
  }
  return profile;
}

export async function getProfile(options: {
  db: Db;
  username: string;
  viewer: UserRow | undefined;
}): Promise<TProfile> {
  const profile = await findVisibleProfile(options);
  if (!profile) throw new AppError('NOT_FOUND', PROFILE_MESSAGES.profileNotFound, 404);
  const followStatus = options.viewer ? await isFollowing(options.db, options.viewer.id, profile.id) : false;
  const offer = await readPassOffer(options.db, profile, options.viewer);
  return toProfileView(profile, { viewer: options.viewer, followStatus, ...offer });
}

/** The periods the creator offers, and the viewer's active pass to them (never one's own). */
export async function readPassOffer(
  db: Db,
  profile: UserRow,
  viewer: UserRow | undefined,
): Promise<{ prices: TPassPrice[]; passExpiresAt: Date | null }> {
  const prices = profile.role === 'creator' ? await readPassPrices(db, profile.id) : [];
  const passExpiresAt =
    viewer && viewer.id !== profile.id ? await readActivePassExpiry(db, viewer.id, profile.id) : null;
  return { prices, passExpiresAt };
}

async function isFollowing(db: Db, followerId: string, followedId: string): Promise<boolean> {
  if (followerId === followedId) return false;
  const rows = await db
    .select({ followerId: follows.followerId })
    .from(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followedId, followedId)))
    .limit(1);
  return rows.length > 0;
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

export function describeCountry(code: string): { code: TCountryCode; name: string } {
  return { code: code as TCountryCode, name: countryNames.of(code) ?? code };
}

/** The spec's "Profile view". Phone for signed-in viewers, birthday for the owner only. */
export function toProfileView(
  profile: UserRow,
  options: {
    viewer: UserRow | undefined;
    followStatus: boolean;
    prices: TPassPrice[];
    passExpiresAt: Date | null;
  },
): TProfile {
  const { viewer } = options;
  const isOwner = viewer?.id === profile.id;
  const hasPass = options.passExpiresAt !== null;
  return {
    _id: profile.id,
    name: profile.name,
    username: profile.username,
    profileInteraction: isOwner ? 'AUTHOR' : 'GUEST',
    hasPaid: hasPass,
    isSubscribed: hasPass,
    passExpiresAt: options.passExpiresAt?.toISOString() ?? null,
    isGuest: !viewer,
    followStatus: options.followStatus,
    followers_count: profile.followersCount,
    gender: profile.gender,
    pricing: mainPassPrice(options.prices),
    prices: options.prices,
    account_type: profile.role
      ? {
          name: profile.role,
          tools: profile.role === 'creator' ? 'both' : 'none',
          cartegory: profile.role === 'creator' ? (profile.category as TCreatorCategory | null) : null,
        }
      : null,
    bio: profile.bio,
    about: profile.about,
    country: describeCountry(profile.countryCode),
    imageAsset: toAvatarAsset(profile.avatarPublicId),
    phone: viewer ? profile.phone : null,
    birthday: isOwner ? profile.birthday : null,
    createdAt: profile.createdAt.toISOString(),
  };
}
