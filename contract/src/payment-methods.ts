import { z } from 'zod';
import { WRITE_REFUSALS, ZErrorResponse } from './errors.ts';
import { CORRESPONDENTS, MOBILE_MONEY_MESSAGES, ZZambianPhone } from './mobile-money.ts';
import { defineRoutes } from './routes.ts';

/**
 * Saved payment methods (the billing list in settings): mobile money numbers and cards.
 * A card never reaches our API: the browser sends it to the card processor's tokeniser
 * and we receive a token; the processor tells us its brand, last four digits and expiry.
 * The spec's field `preffered` is kept as spelled.
 */

export const CARD_ID_LENGTH = 14;
export const MOBILE_MONEY_METHODS_MAX = 10;
export const CARDS_MAX = 10;

export const PAYMENT_METHOD_MESSAGES = {
  cardNumberRequired: 'Card number is required!',
  expiresRequired: 'Expiry date is required!',
  cvcRequired: 'CVC is required!',
  cardNumberInvalid: 'This card number is not valid.',
  expiresInvalid: 'Enter the expiry date as MM/YY.',
  cardExpired: 'This card has expired.',
  cvcInvalid: 'The CVC is the 3 or 4 digits on the back of the card.',
  cardTokenInvalid: 'The card could not be saved. Enter it again.',
  cardsUnavailable: 'Cards cannot be added yet.',
  methodNotFound: 'There is no such payment method.',
  phoneTaken: 'This number is already one of your payment methods.',
  tooManyNumbers: `You can keep at most ${MOBILE_MONEY_METHODS_MAX} mobile money numbers.`,
  tooManyCards: `You can keep at most ${CARDS_MAX} cards.`,
  cardTaken: 'This card is already saved.',
  preferredSet: 'Your preferred payment method has been changed.',
  methodRemoved: 'The payment method has been removed.',
  idTaken: 'This payment method id is already in use.',
  phoneRequired: MOBILE_MONEY_MESSAGES.phoneRequired,
} as const;

export const ZCardId = z
  .string()
  .regex(
    new RegExp(`^[A-Za-z0-9_-]{${CARD_ID_LENGTH}}$`),
    `A card id is ${CARD_ID_LENGTH} url-safe characters.`,
  );
export const ZPaymentMethodId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{14}$/, 'A payment method id is 14 url-safe characters.');

export const ZMobileMoneyMethod = z.object({
  _id: ZPaymentMethodId,
  type: z.literal('mobile-money'),
  correspondent: z.enum(CORRESPONDENTS),
  /** The operator's name: MTN, Airtel or Zamtel. */
  name: z.string(),
  /** Normalised: 260 and 9 digits. */
  phone: z.string(),
  preffered: z.boolean(),
  logo: z.string(),
  accent: z.string(),
});
export type TMobileMoneyMethod = z.infer<typeof ZMobileMoneyMethod>;

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'unknown'] as const;
export type TCardBrand = (typeof CARD_BRANDS)[number];

export const ZCardMethod = z.object({
  _id: ZCardId,
  type: z.literal('card'),
  brand: z.enum(CARD_BRANDS),
  last4: z.string().regex(/^\d{4}$/),
  /** The masked number, built from the last four digits: '•••• •••• •••• 4242'. */
  cardNumber: z.string(),
  /** MM/YY */
  expires: z.string().regex(/^\d{2}\/\d{2}$/),
  preffered: z.boolean(),
});
export type TCardMethod = z.infer<typeof ZCardMethod>;

export const ZPaymentMethodsResponse = z.object({
  success: z.literal(true),
  mobileMoney: z.array(ZMobileMoneyMethod),
  cards: z.array(ZCardMethod),
});
export type TPaymentMethodsResponse = z.infer<typeof ZPaymentMethodsResponse>;

export const ZAddMobileMoneyRequest = z.object({
  /** The client may name the new method (optimistic UI); a repeat is the same request. */
  _id: ZPaymentMethodId.optional(),
  phone: ZZambianPhone,
  preffered: z.boolean().default(false),
});
export type TAddMobileMoneyRequest = z.input<typeof ZAddMobileMoneyRequest>;

export const ZEditMobileMoneyRequest = z.object({ phone: ZZambianPhone });
export type TEditMobileMoneyRequest = z.input<typeof ZEditMobileMoneyRequest>;

/** What our API receives for a card: the processor's token, never the card. */
export const ZAddCardRequest = z.object({
  _id: ZCardId.optional(),
  token: z.string().min(8).max(2000),
  preffered: z.boolean().default(false),
});
export type TAddCardRequest = z.input<typeof ZAddCardRequest>;

export const ZSetPreferredRequest = z.object({
  type: z.enum(['mobile-money', 'card']),
  _id: ZPaymentMethodId,
});
export type TSetPreferredRequest = z.infer<typeof ZSetPreferredRequest>;

export const ZPaymentMethodParams = z.object({ id: ZPaymentMethodId });
export type TPaymentMethodParams = z.input<typeof ZPaymentMethodParams>;

export const ZPaymentMethodResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  method: z.union([ZMobileMoneyMethod, ZCardMethod]),
});
export type TPaymentMethodResponse = z.infer<typeof ZPaymentMethodResponse>;

export const ZPaymentMethodMessageResponse = z.object({ success: z.literal(true), message: z.string() });
export type TPaymentMethodMessageResponse = z.infer<typeof ZPaymentMethodMessageResponse>;

/** The card form as a person fills it in (it goes to the tokeniser, never to our API). */
export const ZCardForm = z.object({
  cardNumber: z.string().trim().min(1, PAYMENT_METHOD_MESSAGES.cardNumberRequired),
  expires: z.string().trim().min(1, PAYMENT_METHOD_MESSAGES.expiresRequired),
  cvc: z.string().trim().min(1, PAYMENT_METHOD_MESSAGES.cvcRequired),
});
export type TCardForm = z.infer<typeof ZCardForm>;

/** The sandbox tokeniser's answer (the shape a hosted-fields processor returns). */
export const ZCardTokenResponse = z.object({
  token: z.string(),
  card: z.object({
    brand: z.enum(CARD_BRANDS),
    last4: z.string(),
    expMonth: z.number().int(),
    expYear: z.number().int(),
  }),
});
export type TCardTokenResponse = z.infer<typeof ZCardTokenResponse>;

/** Where the web's card form sends the card: the processor's tokeniser, or nowhere yet. */
export const ZCardProcessorResponse = z.discriminatedUnion('kind', [
  z.object({ success: z.literal(true), kind: z.literal('sandbox'), tokenizeUrl: z.string() }),
  z.object({ success: z.literal(true), kind: z.literal('none') }),
]);
export type TCardProcessorResponse = z.infer<typeof ZCardProcessorResponse>;

export type TCardExpiry = { expMonth: number; expYear: number };

/** 'MM/YY' (spaces around the slash allowed) → month and four-digit year; null otherwise. */
export function parseCardExpiry(expires: string): TCardExpiry | null {
  const match = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec(expires.trim());
  if (!match) return null;
  return { expMonth: Number(match[1]), expYear: 2000 + Number(match[2]) };
}

export function formatCardExpiry({ expMonth, expYear }: TCardExpiry): string {
  return `${String(expMonth).padStart(2, '0')}/${String(expYear % 100).padStart(2, '0')}`;
}

/** A card is good through the last day of its expiry month (counted in UTC). */
export function isCardExpired({ expMonth, expYear }: TCardExpiry, now: Date = new Date()): boolean {
  const year = now.getUTCFullYear();
  return expYear < year || (expYear === year && expMonth < now.getUTCMonth() + 1);
}

/** Luhn's check digit: catches a mistyped digit and most swapped pairs. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function detectCardBrand(digits: string): (typeof CARD_BRANDS)[number] {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

export function maskCardNumber(last4: string): string {
  return `•••• •••• •••• ${last4}`;
}

const tags = ['payment-methods'];
const PREFERRED_RULE =
  'A person with any method has exactly one preferred: the first saved is preferred, and ' +
  'removing the preferred one makes the oldest remaining method (either kind) preferred.';

/** The billing list in settings: mobile money numbers and cards; docs/decisions/010-payment-methods.md. */
export const paymentMethodRoutes = defineRoutes({
  listPaymentMethods: {
    method: 'GET',
    path: '/api/payment-methods',
    audience: 'signed-in',
    tags,
    summary: "The signed-in person's saved mobile money numbers and cards",
    description: `Oldest first in each list; cards show only the masked number. ${PREFERRED_RULE}`,
    response: { 200: ZPaymentMethodsResponse, 401: ZErrorResponse },
  },
  getCardProcessor: {
    method: 'GET',
    path: '/api/payment-methods/card-processor',
    audience: 'anyone',
    tags,
    summary: 'Where the card form sends a card to be tokenised',
    description:
      "kind 'sandbox': post { cardNumber, expires, cvc } to tokenizeUrl and save the token it " +
      "answers with POST /api/payment-methods/cards. kind 'none': cards cannot be added.",
    response: { 200: ZCardProcessorResponse },
  },
  addMobileMoney: {
    method: 'POST',
    path: '/api/payment-methods/mobile-money',
    audience: 'security-checked',
    tags,
    summary: 'Save a mobile money number',
    description:
      'The number is normalised to 260… and its operator (MTN, Airtel, Zamtel: correspondent, ' +
      'name, logo, accent) comes from its prefix. _id (14 url-safe characters) may come from the ' +
      'client: the same _id again from the same person for the same number answers the saved ' +
      'method with 200; any other use of a taken _id is 409 PAYMENT_METHOD_ID_TAKEN. A number ' +
      `already saved is 409 PHONE_TAKEN; more than the maximum is 409 TOO_MANY_NUMBERS. ` +
      `preffered true makes it the preferred method. ${PREFERRED_RULE}`,
    body: ZAddMobileMoneyRequest,
    response: { 200: ZPaymentMethodResponse, 201: ZPaymentMethodResponse, ...WRITE_REFUSALS },
  },
  editMobileMoney: {
    method: 'PATCH',
    path: '/api/payment-methods/mobile-money/:id',
    audience: 'security-checked',
    tags,
    summary: 'Change the number of a saved mobile money method',
    description:
      'The operator follows the new number. 404 for a method that is not yours or not mobile ' +
      'money; 409 PHONE_TAKEN when another of your methods has the number.',
    params: ZPaymentMethodParams,
    body: ZEditMobileMoneyRequest,
    response: { 200: ZPaymentMethodResponse, ...WRITE_REFUSALS },
  },
  addCard: {
    method: 'POST',
    path: '/api/payment-methods/cards',
    audience: 'security-checked',
    tags,
    summary: "Save a card from the card processor's token",
    description:
      'The body carries the token from the tokeniser (see GET /api/payment-methods/card-processor), ' +
      'never the card. Brand, last four digits and expiry come from the processor. 400 ' +
      'CARD_TOKEN_INVALID for a token the processor does not know (forged or altered), 400 ' +
      'CARD_EXPIRED, 409 CARD_TAKEN for a card already saved, 409 TOO_MANY_CARDS, 503 ' +
      `CARDS_UNAVAILABLE when no card processor is set up. _id and preffered as for mobile money. ${PREFERRED_RULE}`,
    body: ZAddCardRequest,
    response: {
      200: ZPaymentMethodResponse,
      201: ZPaymentMethodResponse,
      ...WRITE_REFUSALS,
      503: ZErrorResponse,
    },
  },
  setPreferredPaymentMethod: {
    method: 'PUT',
    path: '/api/payment-methods/preferred',
    audience: 'security-checked',
    tags,
    summary: 'Make one saved method the preferred one',
    description:
      'In one transaction every method of yours stops being preferred and the chosen one becomes ' +
      'it: exactly one is preferred, also under concurrent requests. 404 (and nothing changed) ' +
      'for a method that is not yours or not of the given type.',
    body: ZSetPreferredRequest,
    response: { 200: ZPaymentMethodResponse, ...WRITE_REFUSALS },
  },
  removePaymentMethod: {
    method: 'DELETE',
    path: '/api/payment-methods/:id',
    audience: 'security-checked',
    tags,
    summary: 'Remove a saved mobile money number or card',
    description: `404 for a method that is not yours. ${PREFERRED_RULE}`,
    params: ZPaymentMethodParams,
    response: { 200: ZPaymentMethodMessageResponse, ...WRITE_REFUSALS },
  },
});

/**
 * The built-in card processor's tokeniser (outside production only), where a real
 * processor's hosted fields would be: not part of /api, and the web reaches it by the
 * tokenizeUrl GET /api/payment-methods/card-processor answers, never by this path.
 */
/** What the sandbox's 3-D Secure page posts (a plain HTML form): the button pressed. */
export const ZCardChallengeForm = z.object({ outcome: z.enum(['approve', 'refuse']) });
export const ZCardChallengeParams = z.object({ chargeId: z.string().regex(/^ch_[A-Za-z0-9_-]{10,40}$/) });

export const cardSandboxRoutes = defineRoutes({
  tokenizeCard: {
    method: 'POST',
    path: '/sandbox/cards/tokens',
    audience: 'anyone',
    tags: ['sandbox'],
    summary: 'Turn a card into a token, as a card processor would (sandbox, not in production)',
    description:
      'Body { cardNumber (spaces allowed), expires MM/YY, cvc }. Refusals are 400 with code ' +
      'CARD_NUMBER_INVALID (fails the Luhn check), EXPIRES_INVALID, CARD_EXPIRED or CVC_INVALID ' +
      '(3 digits, 4 for American Express); an empty field is VALIDATION_ERROR. The answer is a ' +
      'token for POST /api/payment-methods/cards and what may be shown of the card. Nothing is ' +
      'stored: the token is signed by the server and holds no card number; the CVC is dropped.',
    body: ZCardForm,
    response: { 200: ZCardTokenResponse, 400: ZErrorResponse, 429: ZErrorResponse },
  },
  showCardChallenge: {
    method: 'GET',
    path: '/sandbox/cards/challenges/:chargeId',
    audience: 'anyone',
    tags: ['sandbox'],
    summary: "The sandbox's 3-D Secure page for a charge (HTML; sandbox, not in production)",
    description:
      'A page for people: the amount and two buttons, Approve and Refuse. A charge whose check ' +
      "is over, or an unknown one, shows so. Opened from a card top-up's challengeUrl.",
    params: ZCardChallengeParams,
  },
  answerCardChallenge: {
    method: 'POST',
    path: '/sandbox/cards/challenges/:chargeId',
    audience: 'anyone',
    tags: ['sandbox'],
    summary: "The sandbox's 3-D Secure page answered: records the outcome, sends the browser back",
    description:
      'A form post (application/x-www-form-urlencoded) with outcome approve or refuse. The first ' +
      'answer counts; the browser is redirected (303) to the return URL the charge was made with.',
    params: ZCardChallengeParams,
    body: ZCardChallengeForm,
  },
});
