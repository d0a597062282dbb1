import type { TCardBrand } from '@stagepass/contract/payment-methods';
import type { Config } from '../../../../config.ts';
import { readSandboxCardToken, SANDBOX_TOKENIZE_URL } from './sandbox/sandbox-card-token.ts';

/** What a card processor tells us about the card behind a token: all we may keep. */
export type CardDetails = {
  brand: TCardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  /** The same for every token of the same card number. */
  fingerprint: string;
};

/**
 * The card processor behind a hosted tokeniser: the browser sends the card to
 * `tokenizeUrl`, and we only ever see the token. A real processor answers retrieveCard
 * over the network, hence the promise.
 */
export type CardProcessor = {
  kind: 'sandbox';
  tokenizeUrl: string;
  /** Null when the token is unknown, forged or altered. */
  retrieveCard(token: string): Promise<CardDetails | null>;
};

/** Undefined when cards are not offered (production, until a real processor is chosen). */
export function createCardProcessor(
  config: Pick<Config, 'cardProcessor' | 'appSecret'>,
): CardProcessor | undefined {
  if (config.cardProcessor !== 'sandbox') return undefined;
  return {
    kind: 'sandbox',
    tokenizeUrl: SANDBOX_TOKENIZE_URL,
    retrieveCard: async (token) => readSandboxCardToken(config.appSecret, token),
  };
}
