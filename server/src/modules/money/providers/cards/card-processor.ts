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

export type CardChargeRequest = {
  /** The processor's token for the card: the only card reference our code holds. */
  token: string;
  /** Ngwee. */
  amount: number;
  currency: 'ZMW';
  /** The same key answers the same charge, never a second one (we send the top-up's id). */
  idempotencyKey: string;
  /** Where the processor sends the browser back after a 3-D Secure check (absolute URL). */
  returnUrl: string;
};

/**
 * A charge as the processor reports it. requires_action waits on the card holder's bank
 * check at challengeUrl; every other status is final. authentication_failed: the check was
 * refused (or never answered in time).
 */
export type CardChargeStatus =
  | 'succeeded'
  | 'declined'
  | 'insufficient_funds'
  | 'requires_action'
  | 'authentication_failed';

export type CardCharge = {
  chargeId: string;
  idempotencyKey: string;
  amount: number;
  currency: string;
  status: CardChargeStatus;
  /** Set while requires_action. */
  challengeUrl: string | null;
};

/**
 * The card processor behind a hosted tokeniser: the browser sends the card to
 * `tokenizeUrl`, and we only ever see the token. A real processor answers over the
 * network, hence the promises; a call that throws may or may not have reached it, which
 * `retrieveCharge` answers later. Money's registration picks the processor (the sandbox
 * outside production, none yet in production) and hands it to the routes.
 */
export type CardProcessor = {
  kind: 'sandbox';
  tokenizeUrl: string;
  /** Null when the token is unknown, forged or altered. */
  retrieveCard(token: string): Promise<CardDetails | null>;
  charge(request: CardChargeRequest): Promise<CardCharge>;
  /** The charge made under this idempotency key as it is now; null when the processor never received it. */
  retrieveCharge(idempotencyKey: string): Promise<CardCharge | null>;
};
