import { createHmac } from 'node:crypto';
import { isEqualInConstantTime } from '../../lib/secrets.ts';

/**
 * Short-lived addresses of protected media: /media/<key>?exp=…&viewer=…&sig=…, where sig
 * is an HMAC-SHA256 under APP_SECRET of the key, the viewer and the expiry. Anyone can
 * read the parameters; nobody without the secret can change one of them and keep the
 * signature valid. The serving route also wants the viewer to be the signed-in user, so
 * a copied address is useless to anybody else.
 */

/**
 * Addresses live at least this long, and rights that end (a block, an ended pass) end with
 * them: a file is served by the signature alone, no grant is looked up per request
 * (decision 021). Whoever still has the rights reads the item again and gets a new address;
 * the players do so before an address runs out, and after a refused range mid-file they
 * read again and go on from where they were.
 */
const MIN_LIFETIME_SECONDS = 10 * 60;
/**
 * Expiries are rounded up to the next five minutes, so the same viewer gets the same
 * address for five minutes: a page that refetches keeps its <img> and <video> sources
 * unchanged (each change downloads a protected photo again, as none is cached).
 */
const ROUNDING_SECONDS = 5 * 60;
/** The longest an address issued now may work: what a block or an ended pass may be outlived by. */
export const MEDIA_URL_MAX_LIFETIME_MS = (MIN_LIFETIME_SECONDS + ROUNDING_SECONDS) * 1000;

export type SignedMediaParams = { exp: string; viewer: string; sig: string };

/** When an address issued now expires. */
export function mediaUrlExpiry(now = Date.now()): Date {
  const earliest = Math.floor(now / 1000) + MIN_LIFETIME_SECONDS;
  return new Date(Math.ceil(earliest / ROUNDING_SECONDS) * ROUNDING_SECONDS * 1000);
}

export function signMediaUrl(options: {
  secret: string;
  key: string;
  viewerId: string;
  /** Whole seconds count (see mediaUrlExpiry); milliseconds are dropped. */
  expiresAt: Date;
}): string {
  const exp = Math.floor(options.expiresAt.getTime() / 1000);
  const sig = signature(options.secret, options.key, options.viewerId, exp);
  const query = new URLSearchParams({ exp: String(exp), viewer: options.viewerId, sig });
  return `/media/${options.key}?${query}`;
}

export type SignatureCheck = 'valid' | 'missing' | 'invalid' | 'expired';

/** Whether the query of a /media request carries a valid, unexpired signature for `key`. */
export function checkMediaSignature(options: {
  secret: string;
  key: string;
  query: Partial<Record<keyof SignedMediaParams, unknown>>;
  now?: number;
}): { result: SignatureCheck; viewerId?: string } {
  const { exp, viewer, sig } = options.query;
  if (exp === undefined && viewer === undefined && sig === undefined) return { result: 'missing' };
  if (typeof exp !== 'string' || typeof viewer !== 'string' || typeof sig !== 'string') {
    return { result: 'invalid' };
  }
  if (!/^\d{1,12}$/.test(exp) || viewer.length === 0 || viewer.length > 100) return { result: 'invalid' };
  const expected = signature(options.secret, options.key, viewer, Number(exp));
  if (!isEqualInConstantTime(sig, expected)) return { result: 'invalid' };
  // Checked after the signature, so an expired answer never tells about a forged one.
  if (Number(exp) * 1000 <= (options.now ?? Date.now())) return { result: 'expired' };
  return { result: 'valid', viewerId: viewer };
}

function signature(secret: string, key: string, viewerId: string, expiresAt: number): string {
  // Newlines cannot occur in keys or ids, so the three fields cannot run into each other.
  return createHmac('sha256', secret)
    .update(`media-url:v1\n${key}\n${viewerId}\n${expiresAt}`)
    .digest('base64url');
}
