import { z } from 'zod';
import { CREATOR_CATEGORIES, ZAccountType, ZName, ZUsername } from './auth.ts';
import { ZCountryCode } from './countries.ts';
import { ZImageAsset } from './media.ts';

/**
 * Profiles, following, finding creators, booking, reporting and blocking. Texts the
 * product spec names are kept word for word.
 */

export const PROFILE_MESSAGES = {
  categoryRequired: 'Cartegory is required!',
  bioTooLong: 'Keep your bio to 100 characters.',
  reportReasonRequired: 'Reason for the report is required!',
  reportSent: 'Report submited!',
  /** After a block: a block is not a report, so it does not say 'Report submited!'. */
  profileBlocked: (name: string) => `${name} has been blocked.`,
  profileUnblocked: (name: string) => `${name} has been unblocked.`,
  cannotUnblockSelf: 'You cannot block or unblock yourself.',
  invalidBlocksPage: 'This page is not valid: start again from the first page.',
  profileNotFound: 'This profile does not exist.',
  cannotFollowSelf: 'You cannot follow yourself.',
  blocked: 'This profile is not available.',
} as const;

export const BIO_MAX_LENGTH = 100;
export const ABOUT_MAX_LENGTH = 1000;
/** Youngest and oldest age a birthday may give. */
export const MIN_AGE_YEARS = 13;
export const MAX_AGE_YEARS = 120;

export const GENDERS = ['female', 'male', 'non-binary', 'prefer-not-to-say'] as const;
export type TGender = (typeof GENDERS)[number];

export const PRICING_PERIODS = ['monthly', 'yearly'] as const;

/** A username in a path, with or without the leading @ ('@ana' or 'ana'). */
export const ZUsernameParams = z.object({ username: z.string().min(1).max(64) });

// ── Profile view (spec: "Profile view") ─────────────────────────────────────

export const ZPricing = z.object({
  period: z.enum(PRICING_PERIODS),
  /** Integer ngwee (K1 = 100). */
  price: z.number().int().nonnegative(),
});

export const ZProfile = z
  .object({
    _id: z.string(),
    name: z.string(),
    username: z.string(),
    /** AUTHOR when the viewer owns the profile, GUEST otherwise (signed out included). */
    profileInteraction: z.enum(['AUTHOR', 'GUEST']),
    /** Paid subscriber of this creator; the monetisation issue fills it (false until then). */
    hasPaid: z.boolean(),
    isSubscribed: z.boolean(),
    /** The viewer is signed out. */
    isGuest: z.boolean(),
    /** Whether the viewer follows this profile. */
    followStatus: z.boolean(),
    followers_count: z.number().int().nonnegative(),
    gender: z.enum(GENDERS).nullable(),
    pricing: ZPricing.nullable(),
    account_type: ZAccountType.nullable(),
    bio: z.string(),
    about: z.string(),
    country: z.object({ code: ZCountryCode, name: z.string() }),
    imageAsset: ZImageAsset.nullable(),
    /** For the book-creator modal; shown to signed-in visitors only, null when not given. */
    phone: z.string().nullable(),
    /** Owner only: null for everyone else. */
    birthday: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Profile' });
export type TProfile = z.infer<typeof ZProfile>;

// ── Edit profile (the edit-account modal) ───────────────────────────────────

/** 'YYYY-MM-DD', a real date, not in the future, giving an age between 13 and 120. */
export const ZBirthday = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the birthday as a date.')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'Enter the birthday as a date.')
  .refine(
    (value) => new Date(`${value}T00:00:00Z`).getTime() <= Date.now(),
    'A birthday cannot be in the future.',
  )
  .refine((value) => {
    const age = ageOn(value, new Date());
    return age >= MIN_AGE_YEARS && age <= MAX_AGE_YEARS;
  }, `You must be between ${MIN_AGE_YEARS} and ${MAX_AGE_YEARS} years old.`);

/** Whole years between a 'YYYY-MM-DD' birthday and a day. */
export function ageOn(birthday: string, today: Date): number {
  const [year = 0, month = 1, day = 1] = birthday.split('-').map(Number);
  let age = today.getUTCFullYear() - year;
  const hadBirthday =
    today.getUTCMonth() + 1 > month || (today.getUTCMonth() + 1 === month && today.getUTCDate() >= day);
  if (!hadBirthday) age -= 1;
  return age;
}

/** A phone number for bookings, in international form: digits with an optional leading +. */
export const ZPhone = z
  .string()
  .trim()
  .transform((value) => value.replace(/[\s()-]/g, ''))
  .pipe(
    z.string().regex(/^\+?\d{9,15}$/, 'Enter the phone number with its country code, e.g. +260971234567.'),
  );

export const ZUpdateProfileRequest = z
  .object({
    name: ZName,
    username: ZUsername,
    gender: z.enum(GENDERS).nullable(),
    country: ZCountryCode,
    /** Creators only; fans send null. */
    cartegory: z.enum(CREATOR_CATEGORIES).nullable(),
    bio: z.string().trim().max(BIO_MAX_LENGTH, PROFILE_MESSAGES.bioTooLong),
    birthday: ZBirthday.nullable(),
    about: z.string().trim().max(ABOUT_MAX_LENGTH, `Keep the about text to ${ABOUT_MAX_LENGTH} characters.`),
    /** An image uploaded through /api/media/upload by this user; null removes the avatar. */
    imagePublicId: z.string().max(64).nullable(),
    phone: ZPhone.nullable(),
  })
  .meta({ id: 'UpdateProfileRequest' });
export type TUpdateProfileRequest = z.input<typeof ZUpdateProfileRequest>;

export const ZUpdateProfileResponse = z.object({ success: z.literal(true), profile: ZProfile });

// ── Follow ──────────────────────────────────────────────────────────────────

export const ZFollowResponse = z.object({
  followStatus: z.boolean(),
  followers_count: z.number().int().nonnegative(),
});
export type TFollowResponse = z.infer<typeof ZFollowResponse>;

// ── Finding creators ────────────────────────────────────────────────────────

/** One creator in a list: enough for a card. */
export const ZCreatorCard = z
  .object({
    _id: z.string(),
    name: z.string(),
    username: z.string(),
    cartegory: z.enum(CREATOR_CATEGORIES).nullable(),
    bio: z.string(),
    imageAsset: ZImageAsset.nullable(),
    followers_count: z.number().int().nonnegative(),
    /** Whether the viewer follows this creator (false when signed out). */
    followStatus: z.boolean(),
  })
  .meta({ id: 'CreatorCard' });
export type TCreatorCard = z.infer<typeof ZCreatorCard>;

export const ZCreatorsQuery = z.object({
  q: z.string().trim().max(100).meta({ title: 'Search' }).optional(),
  /**
   * '0' for the first page; after that the answer's nextPage, an opaque keyset cursor
   * (null at the end), so a page costs the same however deep it is.
   */
  page: z.string().trim().max(200).default('0'),
  /** Cards per page: 20 for lists, fewer for the suggestions under the search box. */
  limit: z.coerce.number().int().min(1).max(30).default(20),
});

export const ZCreatorsPage = z.object({
  creators: z.array(ZCreatorCard),
  nextPage: z.string().nullable(),
});
export type TCreatorsPage = z.infer<typeof ZCreatorsPage>;

export const ZFavouriteCreatorsResponse = z.object({ creators: z.array(ZCreatorCard) });

// ── Report or block ─────────────────────────────────────────────────────────

export const REPORT_REASONS = ['This profile is fake!', 'Other'] as const;
export const BLOCK_REASONS = ['Poor content', 'Other'] as const;

export const ZReportRequest = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.literal('report'),
      reason: z.enum(REPORT_REASONS),
      text: z.string().trim().max(500).default(''),
    }),
    z.object({
      kind: z.literal('block'),
      reason: z.enum(BLOCK_REASONS),
      text: z.string().trim().max(500).default(''),
    }),
  ])
  .refine((body) => body.reason !== 'Other' || body.text.length > 0, {
    message: PROFILE_MESSAGES.reportReasonRequired,
    path: ['text'],
  });
export type TReportRequest = z.input<typeof ZReportRequest>;

/** The message to show: 'Report submited!' for a report, '{name} has been blocked.' for a block. */
export const ZReportResponse = z.object({ success: z.literal(true), message: z.string() });

// ── Blocked accounts (settings) ─────────────────────────────────────────────

/** A user id in a path: the url-safe random id of an account (its _id). */
export const ZUserIdParams = z.object({
  userId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'The account id is 1 to 64 letters, digits, - or _.'),
});

export const ZBlockedAccountsQuery = z.object({
  /** Absent or '0' for the first page; after that the answer's nextCursor (null at the end). */
  cursor: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

/** One account the signed-in person blocked, newest block first. */
export const ZBlockedAccount = z
  .object({
    _id: z.string(),
    name: z.string(),
    username: z.string(),
    imageAsset: ZImageAsset.nullable(),
    /** When the block was made (ISO 8601). */
    blockedAt: z.string(),
  })
  .meta({ id: 'BlockedAccount' });
export type TBlockedAccount = z.infer<typeof ZBlockedAccount>;

export const ZBlockedAccountsPage = z.object({
  success: z.literal(true),
  accounts: z.array(ZBlockedAccount),
  nextCursor: z.string().nullable(),
});
export type TBlockedAccountsPage = z.infer<typeof ZBlockedAccountsPage>;

/** '{name} has been unblocked.'; the same answer when the account was not blocked (idempotent). */
export const ZUnblockResponse = z.object({ success: z.literal(true), message: z.string() });
export type TUnblockResponse = z.infer<typeof ZUnblockResponse>;
