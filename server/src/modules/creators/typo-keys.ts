import { type SQL, sql } from 'drizzle-orm';
import { splitWords } from './fuzzy-match.ts';

/**
 * One typo in a word, found on an index (migration 0011_creator_search_typos.sql): the
 * database keeps every word of a creator's search document and each of its letters left
 * out; a query word and a document word are one typo apart (a letter missing, extra, wrong,
 * or two letters swapped) when their keys, made the same way, share one:
 *
 *   'mwla'  → mwla, wla, mla, mwa, mwl      'mwila' → mwila, wila, mila, mwla, mwia, mwil
 *   'bnada' → …, bada, bnda, …              'banda' → …, bnda, bada, …
 *
 * Trigrams cannot do this for short words: one typo breaks most of their trigrams, so
 * 'mwla' is as close to 'mwila' (0.4) as 'mula' is, and 'bnada' to 'banda' (0.2) as 'abcd'.
 */

/** Shorter words would match too much with a typo ('abc' is one letter from hundreds). */
export const TYPO_WORD_MIN = 4;
/** Longer words keep enough trigrams after a typo (≥ 0.47 word similarity) to need no keys. */
export const TYPO_WORD_MAX = 9;

/** The keys of a query word, or none when typos in it are not looked for. */
export function typoKeysOf(word: string): string[] {
  if (word.length < TYPO_WORD_MIN || word.length > TYPO_WORD_MAX) return [];
  const keys = new Set([word]);
  for (let index = 0; index < word.length; index += 1) keys.add(word.slice(0, index) + word.slice(index + 1));
  return [...keys];
}

/**
 * How similar a word with one typo is, on word_similarity's 0..1 scale: one edit in its
 * length, as the fallback scores it (fuzzy-match.ts). Above a loose trigram match, below
 * the exact word or a prefix (1).
 */
export function typoSimilarity(word: string): number {
  return 1 - 1 / word.length;
}

/** The query's words of a length whose typos are looked for, with their keys. */
export function typoWordsOf(query: string): { word: string; keys: string[] }[] {
  return splitWords(query)
    .map((word) => ({ word, keys: typoKeysOf(word) }))
    .filter(({ keys }) => keys.length > 0);
}

/** Whether the document has a word one typo from a query word with these keys (indexed). */
export function hasTypoMatch(document: SQL, keys: string[]): SQL<boolean> {
  return sql<boolean>`creator_search_keys(${document}) && ${textArray(keys)}`;
}

/** A text[] literal of parameters: drizzle would send a JS array as a record. */
function textArray(values: string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}
