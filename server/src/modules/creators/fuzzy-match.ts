/**
 * The search fallback's scoring, for databases without pg_trgm: how well a query matches
 * a creator's search document, tolerant of prefixes ('mwi' → 'mwilabanda') and small typos
 * ('mwla band' → 'mwila banda'). Close in spirit to pg_trgm's word_similarity, on the same
 * 0..1 scale, so both engines rank alike.
 */

/** Letters and digits of any script make words; everything else ('@', '-', spaces) splits. */
export function splitWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * Edit distance (insert, delete, substitute, swap two neighbouring letters) between `token`
 * and the closest prefix of `word`: 0 when the word starts with the token, so typing ahead
 * costs nothing, and 1 for any one typo ('bnada' → 'banda'), as the trigram engine's typo
 * keys count it (typo-keys.ts).
 */
export function prefixEditDistance(token: string, word: string): number {
  // previous[j]: distance between the token's first i-1 letters and the word's first j;
  // twoBack[j] the same for its first i-2 letters.
  let twoBack: number[] = [];
  let previous = Array.from({ length: word.length + 1 }, (_, j) => j);
  for (let i = 1; i <= token.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= word.length; j += 1) {
      const substitution = previous[j - 1]! + (token[i - 1] === word[j - 1] ? 0 : 1);
      current[j] = Math.min(substitution, previous[j]! + 1, current[j - 1]! + 1);
      const isSwap = i > 1 && j > 1 && token[i - 1] === word[j - 2] && token[i - 2] === word[j - 1];
      if (isSwap) current[j] = Math.min(current[j]!, twoBack[j - 2]! + 1);
    }
    twoBack = previous;
    previous = current;
  }
  return Math.min(...previous);
}

/** A small typo: one edit in a word of up to 4 letters, two in a longer one. */
function allowedEdits(token: string): number {
  return token.length <= 4 ? 1 : 2;
}

/**
 * 0..1: each query word scores 1 - (edits to the nearest word's prefix) / (its length), or
 * 0 beyond a small typo, and the query scores the mean. A query found whole inside the
 * document scores 1.
 */
export function scoreMatch(query: string, document: string): number {
  if (document.includes(query)) return 1;
  const tokens = splitWords(query);
  const words = splitWords(document);
  if (tokens.length === 0 || words.length === 0) return 0;
  let total = 0;
  for (const token of tokens) {
    const fewestEdits = Math.min(...words.map((word) => prefixEditDistance(token, word)));
    if (fewestEdits <= allowedEdits(token)) total += 1 - fewestEdits / token.length;
  }
  return total / tokens.length;
}
