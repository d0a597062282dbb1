import pg from 'pg';
import { type Database, openPostgres } from '../server/src/db/client.ts';

/** The PostgreSQL server the benches make their own database on. */
export const benchServerUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs one statement on the server's maintenance database (create or drop a bench database). */
export async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: benchServerUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Runs `bench` on a fresh, migrated database `name` on the bench server, and drops it
 * afterwards; with BENCH_KEEP=1 it stays, for EXPLAIN sessions (the next run drops it).
 */
export async function withBenchDatabase(name: string, bench: (database: Database) => Promise<void>) {
  await onServer(`drop database if exists ${name} with (force)`);
  await onServer(`create database ${name}`);
  try {
    const url = new URL(benchServerUrl);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString());
    try {
      await database.migrate();
      await bench(database);
    } finally {
      await database.close();
    }
  } finally {
    if (process.env.BENCH_KEEP !== '1') await onServer(`drop database if exists ${name} with (force)`);
  }
}
