import { and, or, type SQL, sql } from 'drizzle-orm';
import { readRows } from '../../db/client.ts';
import { isCreator, isFollowedBy, isVisibleTo } from './creator-cards.ts';
import {
  escapeLike,
  PREFIX_BONUS,
  type RankedRow,
  type SearchOptions,
  searchDocument,
  TRIGRAM_THRESHOLD,
} from './creator-search.ts';
import { splitWords } from './fuzzy-match.ts';
import { hasTypoMatch, typoKeysOf, typoSimilarity } from './typo-keys.ts';

/** Search with pg_trgm (creator-search.ts has the rules), where the database has it. */

/** Queries of more words than a name has are matched as a whole only (each word costs an index scan). */
const MAX_WORDS_MATCHED_ONE_BY_ONE = 4;

/** A query word as the trigram engine matches and scores it. */
type QueryWord = {
  word: string;
  /** Its typo keys; empty when typos in it are not looked for. */
  keys: string[];
  /** Its bit of "found": set when the word is one typo from a word of the document. */
  typoBit: number;
};

/** The bit of "found" set for creators whose document is similar to the query. */
const SIMILAR_BIT = 1;

export async function searchWithTrigrams(options: SearchOptions): Promise<RankedRow[]> {
  const { query, viewerId, cursor } = options;
  const words = splitWords(query);
  const isWordByWord = words.length >= 1 && words.length <= MAX_WORDS_MATCHED_ONE_BY_ONE;
  // A query of one word is its own only word: its similarity is the whole query's.
  const isOneWord = words.length === 1 && words[0] === query;
  const queryWords: QueryWord[] = isWordByWord
    ? words.map((word, index) => ({
        word,
        keys: typoKeysOf(word),
        typoBit: 2 << index,
      }))
    : [];
  const typoWords = queryWords.filter(({ keys }) => keys.length > 0);
  const isSimilar = (text: string) => sql`${text} <% ${searchDocument}`;
  const cardColumns = sql`"id", "name", "username", "category", "bio", "avatar_public_id", "followers_count"`;

  // One index scan a way to match, whole rows (joining ids back to users tempts the planner
  // into a sequential scan), each marking its bit: similar on the trigram index (a query
  // found inside the document is similar too, so no LIKE is needed), one typo from a word
  // on the typo-key index, whose keys are thus never derived again for a row.
  const ways = [
    sql`select ${cardColumns}, ${sql.raw(String(SIMILAR_BIT))} as "found" from "users"
      where ${and(isCreator, or(isSimilar(query), ...(isOneWord ? [] : [and(...queryWords.map(({ word }) => isSimilar(word)))])))}`,
    ...typoWords.map(
      ({ keys, typoBit }) => sql`select ${cardColumns}, ${sql.raw(String(typoBit))} as "found" from "users"
        where ${and(isCreator, hasTypoMatch(searchDocument, keys))}`,
    ),
  ];
  // Found as similar, or each word one typo from a word of the document or similar to it,
  // checked in that order: the flag is free, a similarity is not.
  const isMatch =
    isOneWord || queryWords.length === 0
      ? sql`true`
      : sql`("found" & ${sql.raw(String(SIMILAR_BIT))} <> 0 or (${sql.join(
          queryWords.map(
            ({ word, typoBit }) => sql`("found" & ${sql.raw(String(typoBit))} <> 0 or ${isSimilar(word)})`,
          ),
          sql` and `,
        )}))`;
  // Each similarity appears once in the expression, so it is computed once a row.
  const wordsSimilarity = sql`(${sql.join(queryWords.map(scoreWord), sql` + `)}) / ${sql.raw(String(queryWords.length))}`;
  const similarity = isOneWord
    ? scoreWord(queryWords[0]!)
    : queryWords.length > 0
      ? sql`greatest(word_similarity(${query}, ${searchDocument}), ${wordsSimilarity})`
      : sql`word_similarity(${query}, ${searchDocument})`;
  const prefix = `${escapeLike(query)}%`;

  // The threshold is a setting of pg_trgm's operators; SET LOCAL keeps it to this transaction.
  return options.db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TRIGRAM_THRESHOLD)}, true)`,
    );
    // Similarities are computed for the matches only, and the ranks materialised so they are
    // not computed again wherever the planner would copy their expression; followStatus is
    // looked up for the page only.
    const result = await tx.execute(sql`
      with "found" as (${sql.join(ways, sql` union all `)}),
      "matched" as (
        select * from (
          select ${cardColumns}, bit_or("found") as "found" from "found"
          group by ${cardColumns}
        ) as "users"
        where ${and(isMatch, isVisibleTo(viewerId))}
      ),
      "ranked" as materialized (
        select *, round(1000 * ${similarity})::int
          + case when lower("name") like ${prefix} or "username" like ${`@${prefix}`} then ${sql.raw(String(PREFIX_BONUS))} else 0 end as "rank"
        from "matched" as "users"
      )
      select "id", "name", "username", "category", "bio", "avatar_public_id" as "avatarPublicId",
        "followers_count" as "followersCount", ${isFollowedBy(viewerId)} as "followStatus", "rank"
      from "ranked" as "users"
      where ${
        cursor
          ? sql`("rank" < ${cursor.r} or ("rank" = ${cursor.r} and ("followers_count" < ${cursor.f}
              or ("followers_count" = ${cursor.f} and "id" > ${cursor.i}))))`
          : sql`true`
      }
      order by "rank" desc, "followers_count" desc, "id"
      limit ${options.take}`);
    return readRows<RankedRow>(result);
  });
}

/** A word's similarity to the document, raised to typoSimilarity when it is one typo from a word of it. */
function scoreWord({ word, keys, typoBit }: QueryWord): SQL {
  const similarity = sql`word_similarity(${word}, ${searchDocument})`;
  if (keys.length === 0) return similarity;
  return sql`greatest(${similarity}, case when "found" & ${sql.raw(String(typoBit))} <> 0 then ${sql.raw(String(typoSimilarity(word)))} else 0 end)`;
}
