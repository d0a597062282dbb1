import { randomBytes } from 'node:crypto';

const URL_SAFE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** A url-safe random id of `length` characters (64 symbols: 6 bits each, no modulo bias). */
export function createId(length = 20): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += URL_SAFE_ALPHABET[byte & 63];
  return id;
}
