import { and, asc, desc, or, sql } from 'drizzle-orm';
import { type Db, readRows } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { type CardRow, isCreator, isVisibleTo, selectCardColumns } from './creator-cards.ts';
import { scoreMatch, splitWords } from './fuzzy-match.ts';
import type { PageCursorOf } from './page-cursor.ts';

/**
 * Search by name, username and category, tolerant of prefixes and small typos. Two
 * engines rank alike (docs/decisions/004-finding-creators.md):
 * - trigram: pg_trgm's word_similarity on a GIN index, where the database has pg_trgm;
 * - fallback: a LIKE prefilter in SQL, then edit distances in JS over a bounded candidate set.
 * rank = round(1000 × similarity) + 1000 when the name or the username starts with the query.
 */

export type SearchEngine = 'trigram' | 'fallback';
export type SearchCursor = PageCursorOf<'search'>;
export type RankedRow = CardRow & { rank: number };

// The search document; the migration indexes this very expression (0004_creator_search.sql).
const searchDocument = sql`lower(${users.name} || ' ' || ${users.username} || ' ' || coalesce(${users.category}, ''))`;

/** pg_trgm's word_similarity above which a row is a match (0.6 by default, too strict for 'mwla band'). */
const TRIGRAM_THRESHOLD = 0.45;
/** The fallback's own scale (fuzzy-match.ts) needs a little more to stay as selective. */
const FALLBACK_THRESHOLD = 0.6;
/** How many creators, most followed first, the fallback scores in JS at most. */
export const FALLBACK_CANDIDATES = 1000;
const PREFIX_BONUS = 1000;

const enginesByDb = new WeakMap<Db, Promise<SearchEngine>>();

/** Looked up once per database (at start-up through the routes' onReady hook). */
export function detectSearchEngine(db: Db): Promise<SearchEngine> {
  let engine = enginesByDb.get(db);
  if (!engine) {
    engine = db
      .execute(sql`select exists (select 1 from pg_extension where extname = 'pg_trgm') as "hasTrigram"`)
      .then((result) => (readRows<{ hasTrigram: boolean }>(result)[0]?.hasTrigram ? 'trigram' : 'fallback'));
    enginesByDb.set(db, engine);
  }
  return engine;
}

/** Lowercase, single spaces, no leading '@' (usernames are stored with one; the document has it). */
export function normaliseQuery(query: string): string {
  return query.toLowerCase().replace(/\s+/g, ' ').trim().replace(/^@+/, '').trim();
}

type SearchOptions = {
  db: Db;
  query: string;
  viewerId: string | undefined;
  cursor: SearchCursor | null;
  /** Rows to return: the caller asks for one more than a page to know if another follows. */
  take: number;
};

export async function searchWithTrigrams(options: SearchOptions): Promise<RankedRow[]> {
  const { query, viewerId, cursor } = options;
  const rank = sql<number>`(round(word_similarity(${query}, ${searchDocument}) * 1000)::int
    + case when ${prefixMatch(query)} then ${sql.raw(String(PREFIX_BONUS))} else 0 end)`;
  // The threshold is a setting of pg_trgm's operators; SET LOCAL keeps it to this transaction.
  return options.db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TRIGRAM_THRESHOLD)}, true)`,
    );
    const ranked = tx
      .select({ ...selectCardColumns(viewerId), rank: rank.as('rank') })
      .from(users)
      .where(
        and(
          isCreator,
          // Answered by the trigram index. A query found inside the document matches too
          // (its word similarity is high), so no LIKE is needed: one condition to recheck.
          sql`${query} <% ${searchDocument}`,
          isVisibleTo(viewerId),
        ),
      )
      .as('ranked');
    return tx
      .select()
      .from(ranked)
      .where(
        cursor
          ? sql`(${ranked.rank} < ${cursor.r} or (${ranked.rank} = ${cursor.r} and (${ranked.followersCount} < ${cursor.f}
              or (${ranked.followersCount} = ${cursor.f} and ${ranked.id} > ${cursor.i}))))`
          : undefined,
      )
      .orderBy(desc(ranked.rank), desc(ranked.followersCount), asc(ranked.id))
      .limit(options.take);
  });
}

/**
 * Without pg_trgm: creators whose document has a word starting with the first two letters
 * of a query word (or the whole query anywhere), most followed first and at most
 * FALLBACK_CANDIDATES of them, scored in JS. Typos in a word's first two letters are not
 * forgiven, and a match beyond the candidate bound is missed: the price of no extension.
 */
export async function searchWithFallback(options: SearchOptions): Promise<RankedRow[]> {
  const { query, viewerId, cursor } = options;
  const wordStarts = [...new Set(splitWords(query).map((word) => escapeLike(word.slice(0, 2))))];
  const candidates = await options.db
    .select(selectCardColumns(viewerId))
    .from(users)
    .where(
      and(
        isCreator,
        or(
          sql`${searchDocument} like ${`%${escapeLike(query)}%`}`,
          ...wordStarts.map(
            (start) =>
              // Words start the document or follow a space or the username's '@'.
              sql`(${searchDocument} like ${`${start}%`} or ${searchDocument} like ${`% ${start}%`} or ${searchDocument} like ${`%@${start}%`})`,
          ),
        ),
        isVisibleTo(viewerId),
      ),
    )
    .orderBy(sql`${users.followersCount} desc nulls last`, asc(users.id))
    .limit(FALLBACK_CANDIDATES);

  const ranked: RankedRow[] = [];
  for (const row of candidates) {
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

function prefixMatch(query: string) {
  const prefix = `${escapeLike(query)}%`;
  return sql`(lower(${users.name}) like ${prefix} or ${users.username} like ${`@${prefix}`})`;
}

/** The query is text to find, not a pattern: %, _ and \ match themselves. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
