import { POST_PRICE_MAX, POST_PRICE_MIN } from '@stagepass/contract/posts';
import { parseKwachaToNgwee } from './money';

/**
 * The price check of every form that sets one (a video's, a track's), in the server's
 * words: kwacha as typed, read as ngwee only for pay-to-unlock.
 */
export function readPrice(
  visibility: string,
  typed: string,
  messages: { priceRequired: string; priceRange: string },
): { price: number | null; error?: string } {
  if (visibility !== 'pay-to-unlock') return { price: null };
  const price = parseKwachaToNgwee(typed);
  if (typed.trim() === '') return { price: null, error: messages.priceRequired };
  if (price === null || price < POST_PRICE_MIN || price > POST_PRICE_MAX) {
    return { price: null, error: messages.priceRange };
  }
  return { price };
}
