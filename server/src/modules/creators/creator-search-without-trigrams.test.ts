import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';
import { insertCreator } from '../../test/factories/people.ts';
import { detectSearchEngine } from './creator-search.ts';
import { listCreators } from './creators.service.ts';

// A database without pg_trgm (here PGlite without the extension loaded; the same holds for
// a PostgreSQL without contrib) must still migrate, and search must still forgive typos.
const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');
const client = new PGlite();
afterAll(() => client.close());

it('migrates and searches with the fallback where pg_trgm is missing', async () => {
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrate(db as never, { migrationsFolder });
  expect(await detectSearchEngine(db)).toBe('fallback');
  await insertCreator(db, { name: 'Mwila Banda', username: 'mwilabanda' });
  await insertCreator(db, { name: 'Chanda Mulenga', category: 'podcaster' });
  const search = (query: string) => listCreators({ db, viewerId: undefined, query, page: '0', limit: 20 });
  expect((await search('mwla band')).creators.map((card) => card.username)).toEqual(['@mwilabanda']);
  // A typo in a word's first two letters too: the typo-key index needs no extension.
  expect((await search('bnada')).creators.map((card) => card.username)).toEqual(['@mwilabanda']);
});
