import type { TCardBrand } from '@stagepass/contract/payment-methods';

const brandNames: Record<TCardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  unknown: 'Card',
};

/** A card's brand as people say it: 'Visa', or 'Card' when unknown. */
export function formatCardBrand(brand: TCardBrand): string {
  return brandNames[brand] ?? 'Card';
}
