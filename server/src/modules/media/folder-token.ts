import { createHmac } from 'node:crypto';
import { isEqualInConstantTime } from '../../lib/secrets.ts';

/**
 * Tokens for a streamed video's folder (`<publicId>/hls`): its playlists, its single-file
 * renditions read by byte ranges and its thumbnail strip. A player fetches hundreds of
 * ranges per video, so a request is checked by the token's signature alone, with no
 * database query and no session: the access check happens once, when the token is issued
 * after the item's access rule (decision 025). The token sits in the path, not the query,
 * so the playlists' relative addresses carry it to every file:
 *
 *   /media/folder/<token>/<publicId>/hls/master.m3u8
 *
 * A token is `<expiry>.<audience>.<signature>`: the audience is `public` for an item
 * everyone may watch (the same address for everybody in a window, so a CDN and the
 * browser may cache it) or the viewer's id; the signature (HMAC-SHA256 under APP_SECRET)
 * covers the folder, the audience and the expiry, so a token opens that folder only.
 */

export const FOLDER_TOKEN_PREFIX = '/media/folder';
/** A token works at least this long: a long film and a pause fit in it. */
const MIN_LIFETIME_SECONDS = 3 * 60 * 60;
/**
 * Expiries are rounded up to the next hour: one address per folder and audience for an
 * hour, so the browser (and for public folders a CDN) keeps what it fetched.
 */
const ROUNDING_SECONDS = 60 * 60;
/** The longest a token issued now may work: what an ended pass or a block may be outlived by. */
export const FOLDER_TOKEN_MAX_LIFETIME_MS = (MIN_LIFETIME_SECONDS + ROUNDING_SECONDS) * 1000;

export const PUBLIC_AUDIENCE = 'public';
/**
 * 'public' or a viewer's user id. At most 40 characters, so a token (expiry, audience and
 * a 43-character signature) stays within the 100 characters a path segment may have in our
 * router, and in proxies and CDNs that copy such limits.
 */
export const MAX_AUDIENCE_LENGTH = 40;
const AUDIENCE_SHAPE = new RegExp(`^[A-Za-z0-9_-]{1,${MAX_AUDIENCE_LENGTH}}$`);
const FOLDER_SHAPE = /^[A-Za-z0-9_-]{1,128}\/hls$/;

export function folderTokenExpiry(now = Date.now()): Date {
  const earliest = Math.floor(now / 1000) + MIN_LIFETIME_SECONDS;
  return new Date(Math.ceil(earliest / ROUNDING_SECONDS) * ROUNDING_SECONDS * 1000);
}

/** The folder of a video asset's streaming files. */
export function streamingFolderOf(publicId: string): string {
  return `${publicId}/hls`;
}

/**
 * The address of a file in a streamed folder (`file` is e.g. 'master.m3u8'), signed for
 * the audience: `public` or a viewer's id.
 */
export function signFolderUrl(options: {
  secret: string;
  folder: string;
  file: string;
  audience: string;
  expiresAt?: Date;
  now?: number;
}): string {
  const { secret, folder, file, audience } = options;
  if (!FOLDER_SHAPE.test(folder)) throw new Error(`not a streaming folder: ${folder}`);
  if (!AUDIENCE_SHAPE.test(audience)) throw new Error(`not an audience: ${audience}`);
  const exp = Math.floor((options.expiresAt ?? folderTokenExpiry(options.now)).getTime() / 1000);
  const token = `${exp}.${audience}.${signature(secret, folder, audience, exp)}`;
  return `${FOLDER_TOKEN_PREFIX}/${token}/${folder}/${file}`;
}

export type FolderTokenCheck =
  | { result: 'valid'; audience: string; expiresAt: number }
  | { result: 'invalid' | 'expired' };

/**
 * Whether `token` opens the store key `key` (`<publicId>/hls/<file>`): the token must be
 * well formed, signed for exactly that folder and not expired.
 */
export function checkFolderToken(options: {
  secret: string;
  token: string;
  key: string;
  now?: number;
}): FolderTokenCheck {
  const { secret, token, key, now } = options;
  const parsed = parseFolderToken(token, key);
  if (!parsed) return { result: 'invalid' };
  if (!isEqualInConstantTime(parsed.sig, signature(secret, parsed.folder, parsed.audience, parsed.exp))) {
    return { result: 'invalid' };
  }
  return resultAt(parsed, now);
}

export type FolderTokenChecker = (token: string, key: string, now?: number) => FolderTokenCheck;

/** How many verified tokens a checker remembers before it starts over. */
const REMEMBERED_TOKENS = 10_000;

/**
 * checkFolderToken for one secret, remembering the tokens whose signature it verified: a
 * player sends the same token with every byte range of a video, so the HMAC is worked out
 * once per token and folder, not per request (a twentieth of a range's CPU). What is
 * remembered is only that the signature matched that folder; the expiry is checked every
 * time. Starts over when full, so a flood of tokens cannot grow it.
 */
export function createFolderTokenChecker(secret: string, capacity = REMEMBERED_TOKENS): FolderTokenChecker {
  const verified = new Set<string>();
  return (token, key, now) => {
    const parsed = parseFolderToken(token, key);
    if (!parsed) return { result: 'invalid' };
    const signedFor = `${parsed.folder}\n${token}`;
    if (!verified.has(signedFor)) {
      const check = checkFolderToken({ secret, token, key, now });
      if (check.result === 'invalid') return check;
      if (verified.size >= capacity) verified.clear();
      verified.add(signedFor);
    }
    return resultAt(parsed, now);
  };
}

type ParsedToken = { exp: number; audience: string; sig: string; folder: string };

/** The token's parts and the key's folder, when both have the shape a signed pair has. */
function parseFolderToken(token: string, key: string): ParsedToken | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [exp, audience, sig] = parts as [string, string, string];
  if (!/^\d{1,12}$/.test(exp) || !AUDIENCE_SHAPE.test(audience)) return undefined;
  const keyParts = key.split('/');
  const folder = `${keyParts[0]}/${keyParts[1]}`;
  if (keyParts.length !== 3 || !FOLDER_SHAPE.test(folder)) return undefined;
  return { exp: Number(exp), audience, sig, folder };
}

/** Checked after the signature, so an expired answer never tells about a forged one. */
function resultAt(parsed: ParsedToken, now = Date.now()): FolderTokenCheck {
  const expiresAt = parsed.exp * 1000;
  if (expiresAt <= now) return { result: 'expired' };
  return { result: 'valid', audience: parsed.audience, expiresAt };
}

function signature(secret: string, folder: string, audience: string, expiresAt: number): string {
  // Newlines cannot occur in folders or audiences, so the fields cannot run into each other.
  return createHmac('sha256', secret)
    .update(`media-folder:v1\n${folder}\n${audience}\n${expiresAt}`)
    .digest('base64url');
}
