import { z } from 'zod';
import { CREATOR_CATEGORIES, ZAccountType, ZName, ZUsername } from './auth.ts';
import { ZCountryCode } from './countries.ts';
import { ZErrorResponse } from './errors.ts';
import { ZImageAsset } from './media.ts';
import { defineRoutes } from './routes.ts';

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

/** A pass's periods (set-pricing): a creator may offer several at once. */
export const PRICING_PERIODS = ['daily', 'weekly', 'monthly'] as const;

/** A username in a path, with or without the leading @ ('@ana' or 'ana'). */
export const ZUsernameParams = z.object({ username: z.string().min(1).max(64) });
export type TUsernameParams = z.input<typeof ZUsernameParams>;

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
    /** The viewer holds an active pass to this creator (the spec's paid subscriber). */
    hasPaid: z.boolean(),
    /** The same as hasPaid: true exactly while the viewer's pass runs. */
    isSubscribed: z.boolean(),
    /** When the viewer's active pass ends (ISO time); null without one. */
    passExpiresAt: z.string().nullable(),
    /** The viewer is signed out. */
    isGuest: z.boolean(),
    /** Whether the viewer follows this profile. */
    followStatus: z.boolean(),
    followers_count: z.number().int().nonnegative(),
    gender: z.enum(GENDERS).nullable(),
    /** The main period offered (monthly, else weekly, else daily); null when none is. */
    pricing: ZPricing.nullable(),
    /** Every period offered, daily first. */
    prices: z.array(ZPricing),
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
export type TUpdateProfileResponse = z.infer<typeof ZUpdateProfileResponse>;

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
export type TCreatorsQuery = z.input<typeof ZCreatorsQuery>;

/** The featured list is ranked by the server, never searched. */
export const ZFeaturedCreatorsQuery = ZCreatorsQuery.omit({ q: true });
export type TFeaturedCreatorsQuery = z.input<typeof ZFeaturedCreatorsQuery>;

export const ZCreatorsPage = z.object({
  creators: z.array(ZCreatorCard),
  nextPage: z.string().nullable(),
});
export type TCreatorsPage = z.infer<typeof ZCreatorsPage>;

/** Favourites are one bounded list, not pages: following more than this is rare. */
export const FAVOURITES_LIMIT = 100;

export const ZFavouriteCreatorsResponse = z.object({ creators: z.array(ZCreatorCard) });
export type TFavouriteCreatorsResponse = z.infer<typeof ZFavouriteCreatorsResponse>;

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
export type TReportResponse = z.infer<typeof ZReportResponse>;

// ── Blocked accounts (settings) ─────────────────────────────────────────────

/** A user id in a path: the url-safe random id of an account (its _id). */
export const ZUserIdParams = z.object({
  userId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'The account id is 1 to 64 letters, digits, - or _.'),
});
export type TUserIdParams = z.input<typeof ZUserIdParams>;

export const ZBlockedAccountsQuery = z.object({
  /** Absent or '0' for the first page; after that the answer's nextCursor (null at the end). */
  cursor: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type TBlockedAccountsQuery = z.input<typeof ZBlockedAccountsQuery>;

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

// ── Routes ──────────────────────────────────────────────────────────────────

const tags = ['profiles'];

export const profileRoutes = defineRoutes({
  getProfile: {
    method: 'GET',
    path: '/api/users/:username',
    audience: 'anyone',
    tags,
    summary: "A profile by username (with or without '@', any case), as the viewer may see it",
    params: ZUsernameParams,
    response: { 200: ZProfile, 404: ZErrorResponse },
  },
  updateProfile: {
    method: 'PUT',
    path: '/api/users/profile',
    audience: 'signed-in',
    tags,
    summary: 'Save the signed-in user’s profile (the edit-account form)',
    body: ZUpdateProfileRequest,
    response: {
      200: ZUpdateProfileResponse,
      400: ZErrorResponse,
      401: ZErrorResponse,
      403: ZErrorResponse,
      409: ZErrorResponse,
    },
  },
  toggleFollow: {
    method: 'POST',
    path: '/api/users/:username/follow',
    audience: 'signed-in',
    tags,
    summary: 'Follow a creator, or unfollow when already following (a toggle)',
    params: ZUsernameParams,
    response: {
      200: ZFollowResponse,
      400: ZErrorResponse,
      401: ZErrorResponse,
      403: ZErrorResponse,
      404: ZErrorResponse,
    },
  },
  reportProfile: {
    method: 'POST',
    path: '/api/users/:username/report',
    audience: 'signed-in',
    tags,
    summary: 'Report a profile, or block it (with a reason); stored for moderators',
    description:
      "message is 'Report submited!' for a report and '{name} has been blocked.' for a block. " +
      'A block is undone with DELETE /api/blocks/{userId}.',
    params: ZUsernameParams,
    body: ZReportRequest,
    response: {
      200: ZReportResponse,
      400: ZErrorResponse,
      401: ZErrorResponse,
      403: ZErrorResponse,
      404: ZErrorResponse,
      429: ZErrorResponse,
    },
  },
});

/** The signed-in person's blocks: the settings list and Unblock. Blocking is POST …/report. */
export const blockRoutes = defineRoutes({
  listBlockedAccounts: {
    method: 'GET',
    path: '/api/blocks',
    audience: 'signed-in',
    tags,
    summary: 'The accounts the signed-in person blocked, newest block first',
    description: 'Keyset-paged: pass nextCursor as cursor for the next page; null at the end.',
    querystring: ZBlockedAccountsQuery,
    response: { 200: ZBlockedAccountsPage, 400: ZErrorResponse, 401: ZErrorResponse },
  },
  unblockAccount: {
    method: 'DELETE',
    path: '/api/blocks/:userId',
    audience: 'signed-in',
    tags,
    summary: 'Unblock an account the signed-in person blocked (idempotent)',
    description:
      "Removes only the signed-in person's own block; a block the other account made stays. " +
      'Answers the same when there was no block; 404 when no account has this id.',
    params: ZUserIdParams,
    response: {
      200: ZUnblockResponse,
      400: ZErrorResponse,
      401: ZErrorResponse,
      403: ZErrorResponse,
      404: ZErrorResponse,
      429: ZErrorResponse,
    },
  },
});

const creatorTags = ['creators'];

export const creatorRoutes = defineRoutes({
  listCreators: {
    method: 'GET',
    path: '/api/creators',
    audience: 'anyone',
    tags: creatorTags,
    summary: 'Every creator, most followed first; with q, a search by name, username and category',
    description:
      "Paged from page=0; pass the answer's nextPage (an opaque cursor; null at the end) for the next page. " +
      'q tolerates prefixes and small typos (pg_trgm word similarity where the database has it, ' +
      'an edit-distance fallback where not) and ranks by relevance, then followers. ' +
      'Signed in, creators blocked either way are left out and followStatus is filled.',
    querystring: ZCreatorsQuery,
    response: { 200: ZCreatorsPage, 400: ZErrorResponse },
  },
  listFeaturedCreators: {
    method: 'GET',
    path: '/api/creators/featured',
    audience: 'anyone',
    tags: creatorTags,
    summary:
      'Featured creators for the home page: complete profiles first, then by followers and recent activity',
    description:
      'Ranked by score = 100 · (has a picture + has a bio + has posts) + ln(1 + followers_count) ' +
      '+ 2 · exp(−days since last_active_at / 14), highest first, so a profile with more to show always ranks ' +
      'above a less complete one, over the 500 most followed and the 500 most recently active creators. ' +
      'Paged like /api/creators; a cursor keeps the time of the first page so scores hold still while scrolling.',
    querystring: ZFeaturedCreatorsQuery,
    response: { 200: ZCreatorsPage, 400: ZErrorResponse },
  },
  listFavouriteCreators: {
    method: 'GET',
    path: '/api/creators/favourites',
    audience: 'signed-in',
    tags: creatorTags,
    summary: `The creators the signed-in user follows, newest follow first (at most ${FAVOURITES_LIMIT})`,
    response: { 200: ZFavouriteCreatorsResponse, 401: ZErrorResponse },
  },
});
