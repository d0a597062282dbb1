import { OPERATORS } from '@stagepass/contract/mobile-money';
import {
  formatCardExpiry,
  maskCardNumber,
  type TCardMethod,
  type TMobileMoneyMethod,
} from '@stagepass/contract/payment-methods';
import type { PaymentMethodRow } from '../../../db/schema/index.ts';

export type TPaymentMethod = TMobileMoneyMethod | TCardMethod;

/** A row as its owner sees it: the operator's look for a number, the masked number for a card. */
export function describePaymentMethod(row: PaymentMethodRow): TPaymentMethod {
  if (row.type === 'mobile-money') {
    const operator = OPERATORS[row.correspondent!];
    return {
      _id: row.id,
      type: 'mobile-money',
      correspondent: operator.correspondent,
      name: operator.name,
      phone: row.phone!,
      preffered: row.isPreferred,
      logo: operator.logo,
      accent: operator.accent,
    };
  }
  return {
    _id: row.id,
    type: 'card',
    brand: row.cardBrand ?? 'unknown',
    last4: row.cardLast4!,
    cardNumber: maskCardNumber(row.cardLast4!),
    expires: formatCardExpiry({ expMonth: row.cardExpMonth!, expYear: row.cardExpYear! }),
    preffered: row.isPreferred,
  };
}
