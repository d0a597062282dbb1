import type { TGender } from '@stagepass/contract/profiles';
import { SUPPORT_MAX_AMOUNT, SUPPORT_MIN_AMOUNT } from '@stagepass/contract/purchases';
import { formatKwacha } from '../../lib/money';
import { readPronouns } from '../../lib/pronouns';

/**
 * The support modal's words: the creator by name, and the pronoun their profile's gender
 * gives (spec section 9: female changes the pronoun in the support text).
 */
export function describeSupport(creator: { name: string; gender: TGender | null }): string {
  const { possessive, object } = readPronouns(creator.gender);
  return (
    `Support ${creator.name} and ${possessive} work with a one-off amount of your choice, ` +
    `${formatKwacha(SUPPORT_MIN_AMOUNT)} to ${formatKwacha(SUPPORT_MAX_AMOUNT)}, and add a message ` +
    `for ${object} if you like. Only ${creator.name} sees it.`
  );
}

/** A message's length as a person counts it (an emoji is one), after trimming, as the server counts it. */
export function countMessageCharacters(message: string): number {
  return [...message.trim()].length;
}
