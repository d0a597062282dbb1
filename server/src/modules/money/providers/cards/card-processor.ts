import type { TCardBrand } from '@stagepass/contract/payment-methods';

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
 * over the network, hence the promise. Money's registration picks the processor (the
 * sandbox outside production, none yet in production) and hands it to the routes.
 */
export type CardProcessor = {
  kind: 'sandbox';
  tokenizeUrl: string;
  /** Null when the token is unknown, forged or altered. */
  retrieveCard(token: string): Promise<CardDetails | null>;
};
