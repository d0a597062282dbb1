import { CARD_TOPUP_RETURN_PARAM } from '@stagepass/contract/card-topup-texts';

// Apart from lib/checkout.tsx, which the shell imports: the card top-up texts this reads its
// parameter from would otherwise ship with every first visit.

/**
 * Whether this page was opened back from a card's 3-D Secure check, where the checkout picks
 * up the purchase it left (read it when the page mounts: the checkout then tidies the address).
 */
export function isBackFromCardCheck(): boolean {
  return new URLSearchParams(window.location.search).has(CARD_TOPUP_RETURN_PARAM);
}
