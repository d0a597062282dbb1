import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
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
