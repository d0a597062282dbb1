import { sql } from 'drizzle-orm';
import { type Db, readRows } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { CardRow } from './creator-cards.ts';
import type { PageCursorOf } from './page-cursor.ts';

/**
 * Search by name, username and category, tolerant of prefixes and small typos. A creator
 * matches when (docs/decisions/004-finding-creators.md):
 * - the whole query is similar to their search document (trigrams: 'mwla band'), or
 * - every word of the query is: similar to the document (a prefix, a part: 'mwi',
 *   'labanda'), or one typo from a whole word of it (typo-keys.ts: 'mwla', 'bnada').
 * One misspelt short word has too few trigrams left to pass on similarity alone, which is
 * why the second rule looks at typos word by word, on an index of its own.
 *
 * Two engines rank alike:
 * - trigram-search.ts: pg_trgm's word_similarity on a GIN index, where the database has it;
 * - fallback-search.ts: LIKE and typo-key prefilters in SQL, then edit distances in JS over
 *   a bounded candidate set.
 * rank = round(1000 × similarity) + 1000 when the name or the username starts with the
 * query: such prefixes first, then exact words and other prefixes (similarity 1), then
 * typos (typoSimilarity, 0.75 to 0.9) and looser trigram matches.
 */

export type SearchEngine = 'trigram' | 'fallback';
export type SearchCursor = PageCursorOf<'search'>;
export type RankedRow = CardRow & { rank: number };

// The search document; migrations index this very expression (0004 and 0011).
export const searchDocument = sql`lower(${users.name} || ' ' || ${users.username} || ' ' || coalesce(${users.category}, ''))`;

/** pg_trgm's word_similarity above which a row is a match (0.6 by default, too strict for 'mwla band'). */
export const TRIGRAM_THRESHOLD = 0.45;
/** Added to the rank of creators whose name or username starts with the query. */
export const PREFIX_BONUS = 1000;

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

export type SearchOptions = {
  db: Db;
  query: string;
  viewerId: string | undefined;
  cursor: SearchCursor | null;
  /** Rows to return: the caller asks for one more than a page to know if another follows. */
  take: number;
};

/** The query is text to find, not a pattern: %, _ and \ match themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
