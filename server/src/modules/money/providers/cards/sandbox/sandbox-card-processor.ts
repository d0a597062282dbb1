import type { Db } from '../../../../../db/client.ts';
import type { CardProcessor } from '../card-processor.ts';
import { readSandboxCardToken, SANDBOX_TOKENIZE_URL } from './sandbox-card-token.ts';
import { createSandboxCharge, retrieveSandboxCharge } from './sandbox-charges.ts';

/**
 * The built-in card processor: its tokeniser and its 3-D Secure page are on this server
 * (card-sandbox.routes.ts), its charges in its own table.
 */
export function createSandboxCardProcessor(options: { appSecret: string; db: Db }): CardProcessor {
  const { appSecret, db } = options;
  return {
    kind: 'sandbox',
    tokenizeUrl: SANDBOX_TOKENIZE_URL,
    retrieveCard: async (token) => readSandboxCardToken(appSecret, token),
    charge: (request) => createSandboxCharge(db, appSecret, request),
    retrieveCharge: (idempotencyKey) => retrieveSandboxCharge(db, idempotencyKey),
  };
}
