import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../db/client.ts';

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
