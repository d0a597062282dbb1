import { describe, expect, it } from 'vitest';
import type { TPaymentMethodsResponse } from './get-payment-methods';
import { markPreferred } from './set-preferred-payment-method';

const methods: TPaymentMethodsResponse = {
  success: true,
  mobileMoney: [
    {
      _id: 'mm000000000001',
      type: 'mobile-money',
      correspondent: 'MTN_MOMO_ZMB',
      name: 'MTN',
      phone: '260763456789',
      preffered: true,
      logo: '/payment-logos/mtn.svg',
      accent: '#ffcb05',
    },
    {
      _id: 'mm000000000002',
      type: 'mobile-money',
      correspondent: 'AIRTEL_OAPI_ZMB',
      name: 'Airtel',
      phone: '260971234567',
      preffered: false,
      logo: '/payment-logos/airtel.svg',
      accent: '#e40000',
    },
  ],
  cards: [
    {
      _id: 'card0000000001',
      type: 'card',
      brand: 'visa',
      last4: '4242',
      cardNumber: '•••• •••• •••• 4242',
      expires: '12/30',
      preffered: false,
    },
  ],
};

const flags = (list: TPaymentMethodsResponse) => [
  ...list.mobileMoney.map((method) => method.preffered),
  ...list.cards.map((card) => card.preffered),
];

describe('choosing the preferred payment method', () => {
  it('clears every mobile money and card flag, then sets the chosen one', () => {
    expect(flags(markPreferred(methods, { type: 'card', _id: 'card0000000001' }))).toEqual([
      false,
      false,
      true,
    ]);
    expect(flags(markPreferred(methods, { type: 'mobile-money', _id: 'mm000000000002' }))).toEqual([
      false,
      true,
      false,
    ]);
  });

  it('matches by type as well as id, and leaves the list it was given alone', () => {
    expect(flags(markPreferred(methods, { type: 'card', _id: 'mm000000000002' }))).toEqual([
      false,
      false,
      false,
    ]);
    expect(flags(methods)).toEqual([true, false, false]);
  });
});
