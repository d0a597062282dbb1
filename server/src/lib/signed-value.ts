import type { Config } from '../config.ts';
import { hashWithSecret, isEqualInConstantTime } from './secrets.ts';

/**
 * A small JSON value the browser keeps for us (in an httpOnly cookie) but cannot alter:
 * base64url JSON plus an HMAC under APP_SECRET, with an expiry inside.
 */
export function signValue(
  config: Pick<Config, 'appSecret'>,
  purpose: string,
  value: object,
  lifetimeMs: number,
): string {
  const body = Buffer.from(JSON.stringify({ ...value, expiresAt: Date.now() + lifetimeMs })).toString(
    'base64url',
  );
  return `${body}.${hashWithSecret(config.appSecret, `${purpose}:${body}`)}`;
}

export function readSignedValue<T extends object>(
  config: Pick<Config, 'appSecret'>,
  purpose: string,
  signed: string | undefined,
): T | undefined {
  if (!signed) return undefined;
  const [body, signature] = signed.split('.');
  if (
    !body ||
    !signature ||
    !isEqualInConstantTime(signature, hashWithSecret(config.appSecret, `${purpose}:${body}`))
  ) {
    return undefined;
  }
  const value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T & { expiresAt: number };
  return value.expiresAt > Date.now() ? value : undefined;
}
