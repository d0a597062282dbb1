import {
  MOBILE_MONEY_MESSAGES,
  normalizeZambianPhone,
  predictOperator,
  type TOperator,
} from '@stagepass/contract/mobile-money';

/**
 * The operator of a Zambian number as it is being typed (+260…, 260… or 0…), from its
 * first two national digits; undefined until they are there or when no operator has them.
 */
export function predictTypedOperator(typed: string): TOperator | undefined {
  const digits = typed.replace(/[\s\-().]/g, '');
  const national = /^(?:\+?260|0)([579]\d)/.exec(digits)?.[1] ?? /^([579]\d)\d{7}$/.exec(digits)?.[1];
  return national ? predictOperator(`260${national}`) : undefined;
}

export type PhoneCheck = { msisdn: string; operator: TOperator; error?: undefined } | { error: string };

/** A typed number checked and normalised to 260…, with its operator, or the words of what is wrong. */
export function checkTypedPhone(typed: string): PhoneCheck {
  if (typed.trim() === '') return { error: MOBILE_MONEY_MESSAGES.phoneRequired };
  const msisdn = normalizeZambianPhone(typed);
  const operator = msisdn ? predictOperator(msisdn) : undefined;
  if (msisdn && operator) return { msisdn, operator };
  // Right length and shape, but a prefix no operator uses.
  const looksZambian = /^(?:\+?260|0)?[579]\d{8}$/.test(typed.replace(/[\s\-().]/g, ''));
  return { error: looksZambian ? MOBILE_MONEY_MESSAGES.operatorUnknown : MOBILE_MONEY_MESSAGES.phoneInvalid };
}
