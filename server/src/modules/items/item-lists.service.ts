import { type Placeholder, type SQL, sql } from 'drizzle-orm';

/**
 * What every list of items shares: newest first on (created_at desc, id desc), keyset-paged.
 * A kind's list query picks candidates (id and key) through its own index, one more than a
 * page holds (to know whether another page follows); the page is then read through the
 * kind's gate, which leaves out what this viewer may not see, so a page can hold fewer
 * items than its size while paging still shows every item exactly once.
 *
 * Every "order by" says "nulls last" as the indexes do (the columns are never null, but
 * PostgreSQL reads an index in order only for the order it was built in): without it each
 * page read all of a creator's or a genre's items and sorted them.
 */

/** A list's candidate: the item and its sort key's time. */
export type ItemCandidate = { id: string; cursorAt: string };

/** A sort key: the time as text with microseconds (ZKeysetTime) and the id. */
export type ItemKey = { at: string | Placeholder; id: string | Placeholder };

/**
 * The key's time as text: PostgreSQL's own UTC text with microseconds. A JavaScript Date
 * would round it to milliseconds, and items between the rounded and the real time would be
 * skipped.
 */
export function keysetTimeOf(createdAt: SQL): SQL<string> {
  return sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** Rows of `alias` older than the key (every row without one). */
export function olderThan(key: ItemKey | null, alias: string): SQL {
  if (!key) return sql`true`;
  const table = sql.identifier(alias);
  return sql`(${table}.created_at, ${table}.id) < (${key.at}::timestamptz, ${key.id})`;
}

/** Rows of `alias` newer than the key, for a list read backwards (order by … asc nulls first). */
export function newerThan(key: ItemKey, alias: string): SQL {
  const table = sql.identifier(alias);
  return sql`(${table}.created_at, ${table}.id) > (${key.at}::timestamptz, ${key.id})`;
}

/**
 * A page from `candidates` (one more than `size` when another page follows): its entries as
 * `read` gives them (the kind's gate, in the candidates' order), and the last candidate of
 * the page when another follows, for the kind to make its next cursor of.
 */
export async function readKeysetPage<Candidate extends ItemCandidate, Entry>(
  candidates: readonly Candidate[],
  size: number,
  read: (ids: string[]) => Promise<Entry[]>,
): Promise<{ entries: Entry[]; nextAfter: Candidate | null }> {
  const page = candidates.slice(0, size);
  const last = page.at(-1);
  return {
    entries: await read(page.map((candidate) => candidate.id)),
    nextAfter: candidates.length > size && last ? last : null,
  };
}
