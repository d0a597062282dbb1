import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type Database, type Db, openPglite, openPostgres } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';

/**
 * A fresh, migrated database for one test file: PGlite in memory, or a new database on
 * the PostgreSQL server of DATABASE_URL (dropped again by `dispose`).
 */
export async function createTestDatabase(): Promise<{
  database: Database;
  /** The PostgreSQL address of the new database; undefined for PGlite in memory. */
  url?: string;
  dispose(): Promise<void>;
}> {
  if (process.env.TEST_DATABASE !== 'postgres') {
    const database = await openPglite(undefined);
    await database.migrate();
    return { database, dispose: () => database.close() };
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const name = `stagepass_test_${randomBytes(6).toString('hex')}`;
  await runOnServer(serverUrl, `create database ${name}`);
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  const database = await openPostgres(databaseUrl.toString());
  await database.migrate();
  return {
    database,
    url: databaseUrl.toString(),
    dispose: async () => {
      await database.close();
      await runOnServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function runOnServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * The same database on the same connection, through a Drizzle handle that tells
 * `onStatement` every statement it sends (prepared ones included): for tests of which
 * statements a request sends, or that it sends none.
 */
export function recordStatements(database: Database, onStatement: (statement: string) => void): Database {
  const client = (database.db as unknown as { $client: unknown }).$client;
  const logger = { logQuery: (statement: string) => onStatement(statement) };
  const db = (database.kind === 'pglite'
    ? drizzlePglite(client as PGlite, { schema, logger })
    : drizzleNodePostgres(client as pg.Pool, { schema, logger })) as unknown as Db;
  return { ...database, db };
}
