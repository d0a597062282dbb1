import { createHmac } from 'node:crypto';
import { CARD_BRANDS, cardSandboxRoutes } from '@stagepass/contract/payment-methods';
import { z } from 'zod';
import { isEqualInConstantTime } from '../../../../../lib/secrets.ts';

/**
 * The sandbox's card tokens are stateless: the token carries what may be shown of the card
 * (brand, last four, expiry) and a fingerprint, signed with a key derived from APP_SECRET.
 * Nothing is kept on our side, so the sandbox needs no table, and a token cannot be forged
 * or altered without the secret. The card number is never inside: only its keyed hash.
 */

/** Where the web's card form posts the card while the sandbox is the card processor. */
export const SANDBOX_TOKENIZE_URL = cardSandboxRoutes.tokenizeCard.path;
const TOKEN_PREFIX = 'tok_sandbox_';

const ZSandboxCard = z.strictObject({
  brand: z.enum(CARD_BRANDS),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2099),
  fingerprint: z.string().min(16).max(100),
});
export type SandboxCard = z.infer<typeof ZSandboxCard>;

/** One key per purpose, so a MAC made for one use can never pass as another. */
function deriveKey(appSecret: string, purpose: string): Buffer {
  return createHmac('sha256', appSecret).update(`stagepass/card-sandbox/${purpose}`).digest();
}

function sign(appSecret: string, body: string): string {
  return createHmac('sha256', deriveKey(appSecret, 'token')).update(body).digest('base64url');
}

/**
 * The same number gives the same fingerprint, so a card saved twice is recognised; without
 * APP_SECRET the fingerprint cannot be turned back into a number by trying them all.
 */
export function fingerprintCardNumber(appSecret: string, digits: string): string {
  return `fp_${createHmac('sha256', deriveKey(appSecret, 'fingerprint')).update(digits).digest('base64url')}`;
}

export function createSandboxCardToken(appSecret: string, card: SandboxCard): string {
  const body = Buffer.from(JSON.stringify(ZSandboxCard.parse(card))).toString('base64url');
  return `${TOKEN_PREFIX}${body}.${sign(appSecret, body)}`;
}

/** The card behind a token, or null when the token is not one this server signed. */
export function readSandboxCardToken(appSecret: string, token: string): SandboxCard | null {
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  const parts = token.slice(TOKEN_PREFIX.length).split('.');
  const [body, mac] = parts;
  if (parts.length !== 2 || !body || !mac) return null;
  if (!isEqualInConstantTime(mac, sign(appSecret, body))) return null;
  try {
    const parsed = ZSandboxCard.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
