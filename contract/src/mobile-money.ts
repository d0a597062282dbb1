import { z } from 'zod';

/**
 * Zambian mobile money: the three operators pawaPay serves in Zambia, how their numbers
 * look, and how a number a person types becomes the MSISDN pawaPay expects (digits only,
 * country code first: 260763456789).
 */

export const CORRESPONDENTS = ['MTN_MOMO_ZMB', 'AIRTEL_OAPI_ZMB', 'ZAMTEL_ZMB'] as const;
export type TCorrespondent = (typeof CORRESPONDENTS)[number];

export type TOperator = {
  correspondent: TCorrespondent;
  /** The name a person knows the operator by. */
  name: string;
  /** Served by the web app. */
  logo: string;
  /** The operator's brand colour, used as the accent of its payment method. */
  accent: string;
  /** The two digits after 260 (or after the leading 0) of the operator's numbers. */
  prefixes: readonly string[];
};

export const OPERATORS: Record<TCorrespondent, TOperator> = {
  MTN_MOMO_ZMB: {
    correspondent: 'MTN_MOMO_ZMB',
    name: 'MTN',
    logo: '/payment-logos/mtn.svg',
    accent: '#ffcb05',
    prefixes: ['96', '76'],
  },
  AIRTEL_OAPI_ZMB: {
    correspondent: 'AIRTEL_OAPI_ZMB',
    name: 'Airtel',
    logo: '/payment-logos/airtel.svg',
    accent: '#e40000',
    prefixes: ['97', '77', '57'],
  },
  ZAMTEL_ZMB: {
    correspondent: 'ZAMTEL_ZMB',
    name: 'Zamtel',
    logo: '/payment-logos/zamtel.svg',
    accent: '#00a651',
    prefixes: ['95', '75'],
  },
};

export const MOBILE_MONEY_MESSAGES = {
  phoneRequired: 'Phone number is required!',
  phoneInvalid: 'Enter a Zambian mobile number, such as 0971234567 or +260971234567.',
  operatorUnknown: 'This number is not on MTN, Airtel or Zamtel mobile money.',
} as const;

/**
 * '+260 97 123 4567', '260971234567' or '0971234567' → '260971234567'; null when it is not
 * a Zambian mobile number of one of the three operators.
 */
export function normalizeZambianPhone(typed: string): string | null {
  const digits = typed.replace(/[\s\-().]/g, '');
  const match = /^(?:\+?260|0)?([579]\d{8})$/.exec(digits);
  if (!match?.[1]) return null;
  const msisdn = `260${match[1]}`;
  return predictOperator(msisdn) ? msisdn : null;
}

/** The operator of a normalised number (260…), from its prefix. */
export function predictOperator(msisdn: string): TOperator | undefined {
  const prefix = msisdn.slice(3, 5);
  return Object.values(OPERATORS).find((operator) => operator.prefixes.includes(prefix));
}

/** '260971234567' → '+260 97 123 4567', as people read it. */
export function formatZambianPhone(msisdn: string): string {
  return `+260 ${msisdn.slice(3, 5)} ${msisdn.slice(5, 8)} ${msisdn.slice(8)}`;
}

/** A number as a person types it, checked and normalised to 260…. */
export const ZZambianPhone = z
  .string()
  .trim()
  .min(1, MOBILE_MONEY_MESSAGES.phoneRequired)
  .max(32, MOBILE_MONEY_MESSAGES.phoneInvalid)
  .transform((typed, context) => {
    const msisdn = normalizeZambianPhone(typed);
    if (!msisdn) {
      context.addIssue({ code: 'custom', message: MOBILE_MONEY_MESSAGES.phoneInvalid });
      return z.NEVER;
    }
    return msisdn;
  });
