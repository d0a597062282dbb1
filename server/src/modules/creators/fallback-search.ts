import { and, asc, or, type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { isCreator, isVisibleTo, selectCardColumns } from './creator-cards.ts';
import {
  escapeLike,
  PREFIX_BONUS,
  type RankedRow,
  type SearchOptions,
  searchDocument,
} from './creator-search.ts';
import { scoreMatch, splitWords } from './fuzzy-match.ts';
import { hasTypoMatch, typoWordsOf } from './typo-keys.ts';

/** The fallback's own scale (fuzzy-match.ts) needs a little more than pg_trgm's to stay as selective. */
const FALLBACK_THRESHOLD = 0.6;
/** How many creators, most followed first, the fallback scores in JS at most (from each prefilter). */
export const FALLBACK_CANDIDATES = 1000;

/**
 * Without pg_trgm: creators whose document has a word starting with the first two letters
 * of a query word (or the whole query anywhere), and those with a word one typo from a
 * query word (the typo-key index needs no extension), most followed first and at most
 * FALLBACK_CANDIDATES of each, scored in JS. A typo in the first two letters of a word
 * typed only in part is not forgiven, and a match beyond the candidate bounds is missed: the
 * price of no extension.
 */
export async function searchWithFallback(options: SearchOptions): Promise<RankedRow[]> {
  const { query, viewerId, cursor } = options;
  const wordStarts = [...new Set(splitWords(query).map((word) => escapeLike(word.slice(0, 2))))];
  const typoKeys = [...new Set(typoWordsOf(query).flatMap(({ keys }) => keys))];
  const candidatesWhere = (condition: SQL | undefined) =>
    options.db
      .select(selectCardColumns(viewerId))
      .from(users)
      .where(and(isCreator, condition, isVisibleTo(viewerId)))
      .orderBy(sql`${users.followersCount} desc nulls last`, asc(users.id))
      .limit(FALLBACK_CANDIDATES);
  const [byWordStart, byTypo] = await Promise.all([
    candidatesWhere(
      or(
        sql`${searchDocument} like ${`%${escapeLike(query)}%`}`,
        ...wordStarts.map(
          (start) =>
            // Words start the document or follow a space or the username's '@'.
            sql`(${searchDocument} like ${`${start}%`} or ${searchDocument} like ${`% ${start}%`} or ${searchDocument} like ${`%@${start}%`})`,
        ),
      ),
    ),
    // Its own query: in the first one's filter, the keys would be derived for every creator.
    typoKeys.length > 0 ? candidatesWhere(hasTypoMatch(searchDocument, typoKeys)) : [],
  ]);
  const candidates = new Map([...byWordStart, ...byTypo].map((row) => [row.id, row]));

  const ranked: RankedRow[] = [];
  for (const row of candidates.values()) {
    const document = `${row.name} ${row.username} ${row.category ?? ''}`.toLowerCase();
    const similarity = scoreMatch(query, document);
    if (similarity < FALLBACK_THRESHOLD) continue;
    const isPrefix = row.name.toLowerCase().startsWith(query) || row.username.startsWith(`@${query}`);
    ranked.push({ ...row, rank: Math.round(similarity * 1000) + (isPrefix ? PREFIX_BONUS : 0) });
  }
  // Compared in JS both ways (sort and cursor), so the order is consistent with itself.
  ranked.sort(compareRanked);
  const afterCursor = cursor
    ? ranked.filter(
        (row) => compareRanked(row, { rank: cursor.r, followersCount: cursor.f, id: cursor.i }) > 0,
      )
    : ranked;
  return afterCursor.slice(0, options.take);
}

type SortKey = Pick<RankedRow, 'rank' | 'followersCount' | 'id'>;

function compareRanked(a: SortKey, b: SortKey): number {
  if (a.rank !== b.rank) return b.rank - a.rank;
  if (a.followersCount !== b.followersCount) return b.followersCount - a.followersCount;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
