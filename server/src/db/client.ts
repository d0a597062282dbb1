import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { repoRoot } from '../repo-root.ts';
import * as schema from './schema/index.ts';

/**
 * One SQL dialect everywhere: the embedded PGlite for the zero-setup demo, a real
 * PostgreSQL when DATABASE_URL is given. Callers only ever see `Db`.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The rows of a raw `db.execute(sql…)`: node-postgres and PGlite both answer with { rows }. */
export function readRows<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/**
 * A named prepared statement, made once per database: `make` builds it (with placeholders,
 * and a name of its own) the first time `db` asks. A read whose plan costs about as much to
 * make as to run (a join of several tables with subplans) is one: PostgreSQL keeps its plan
 * per connection, and drizzle's statement object is kept here. Its text must not vary with
 * the call, so whatever varies is a placeholder, or a statement of its own.
 */
export function preparedPerDatabase<Statement>(make: (db: Db) => Statement): (db: Db) => Statement {
  const statements = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = make(db);
      statements.set(db, statement);
    }
    return statement;
  };
}

/**
 * A read of rows by id as two named prepared statements (each made once per database): one
 * for a single id (`column = $ids`), one for several (`column = any($ids)`). PostgreSQL
 * plans "= any($ids)" once for all as if ten ids came, and keeps that generic plan only
 * while it costs less than planning for the ids given: one statement run with one id kept
 * planning every run (a post read planned 1.8 ms to read 0.6 ms), and one run with one id
 * and with twenty planned every run for both. The statement for one id keeps its plan.
 * `make` gives the select with `isAmongIds(column)` as its condition; the helper names it.
 */
export function preparedReadByIds(
  name: string,
  make: (db: Db, isAmongIds: (column: AnyColumn) => SQL) => PreparableRead,
): (db: Db, ids: readonly string[], params: Record<string, unknown>) => Promise<unknown[]> {
  const ids = sql.placeholder('ids');
  const forOneId = preparedPerDatabase((db) =>
    make(db, (column) => sql`${column} = ${ids}`).prepare(`${name}_one`),
  );
  const forSeveralIds = preparedPerDatabase((db) =>
    make(db, (column) => sql`${column} = any(${ids}::text[])`).prepare(name),
  );
  return async (db, idList, params) => {
    const unique = [...new Set(idList)];
    if (unique.length === 0) return [];
    if (unique.length === 1) return forOneId(db).execute({ ...params, ids: unique[0] });
    return forSeveralIds(db).execute({ ...params, ids: unique });
  };
}

/** A select that can be made a named prepared statement (drizzle's `.prepare(name)`). */
type PreparableRead = {
  prepare(name: string): { execute(params: Record<string, unknown>): Promise<unknown[]> };
};

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

const migrationsFolder = path.join(repoRoot, 'server/src/db/migrations');

// Any constant works: it only has to be the same in every Stagepass process.
const MIGRATION_LOCK_KEY = 727_274_001;

/** `dataDir` undefined means an in-memory database (tests). */
export async function openPglite(dataDir: string | undefined): Promise<Database> {
  // pg_trgm makes creator search tolerant of typos; the migration installs it where offered.
  const options = { extensions: { pg_trgm } };
  const client = dataDir ? new PGlite(dataDir, options) : new PGlite(options);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // PGlite is a single connection inside this process, so no other migrator can race us.
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: closeOnce(() => client.close()),
  };
}

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  const db = drizzleNodePostgres(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePostgresUnderLock(pool),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: closeOnce(() => pool.end()),
  };
}

/** Several servers may start at once against one database: only one migrates at a time. */
async function migratePostgresUnderLock(pool: pg.Pool): Promise<void> {
  const connection = await pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePostgres(drizzleNodePostgres(connection), { migrationsFolder });
  } finally {
    await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    connection.release();
  }
}

/** Shutdown paths may close twice (a signal during a failed start); the second is a no-op. */
function closeOnce(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= close();
    return closing;
  };
}
