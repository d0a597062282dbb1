import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 256 bits from the CSPRNG, url-safe: session tokens and reset links. */
export function createSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Six random digits, leading zeros kept. */
export function createSixDigitCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Keyed hash for short secrets such as six-digit codes: without the app secret, a copy of
 * the database does not let anyone try the million codes offline.
 */
export function hashWithSecret(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

export function isEqualInConstantTime(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
