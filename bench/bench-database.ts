import pg from 'pg';

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
