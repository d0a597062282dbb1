import type { CardProcessor } from '../card-processor.ts';
import { readSandboxCardToken, SANDBOX_TOKENIZE_URL } from './sandbox-card-token.ts';

/** The built-in card processor: its tokeniser is on this server (card-sandbox.routes.ts). */
export function createSandboxCardProcessor(appSecret: string): CardProcessor {
  return {
    kind: 'sandbox',
    tokenizeUrl: SANDBOX_TOKENIZE_URL,
    retrieveCard: async (token) => readSandboxCardToken(appSecret, token),
  };
}
