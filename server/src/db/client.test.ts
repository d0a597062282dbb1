import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { personRow } from '../test/factories/person-rows.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { preparedReadByIds } from './client.ts';
import { devOutboxMessages, users } from './schema/index.ts';

describe('migrations', () => {
  it('are harmless to run again, even by two servers starting at once', async () => {
    const { database, dispose } = await createTestDatabase();
    try {
      await Promise.all([database.migrate(), database.migrate()]);
      await database.migrate();
      expect(await database.db.$count(devOutboxMessages)).toBe(0);
    } finally {
      await dispose();
    }
  });
});

describe('a read by ids (preparedReadByIds)', () => {
  // Names and a parameter beside the ids, as the item reads have (their viewer).
  const readNames = preparedReadByIds('test_read_names', (db, isAmongIds) =>
    db
      .select({
        id: users.id,
        name: users.name,
        isAsker: sql<boolean>`${users.id} = ${sql.placeholder('asker')}`,
      })
      .from(users)
      .where(isAmongIds(users.id)),
  );

  it('answers one id, several, repeated ones and none alike, with the other parameters', async () => {
    const { database, dispose } = await createTestDatabase();
    try {
      const [ada, ben] = [1, 2].map((n) =>
        personRow({ email: `reader${n}@example.com`, username: `@reader${n}`, name: `Reader ${n}` }),
      );
      await database.db.insert(users).values([ada!, ben!]);
      const read = async (ids: string[]) =>
        ((await readNames(database.db, ids, { asker: ada!.id })) as { id: string; isAsker: boolean }[])
          .map((row) => `${row.id === ada!.id ? 'ada' : 'ben'}${row.isAsker ? ' (asker)' : ''}`)
          .sort();

      expect(await read([ben!.id])).toEqual(['ben']);
      expect(await read([ada!.id])).toEqual(['ada (asker)']);
      expect(await read([ada!.id, ben!.id, 'no-such-user-id-00'])).toEqual(['ada (asker)', 'ben']);
      // A repeated id is one id: the statement for one, and one row.
      expect(await read([ben!.id, ben!.id])).toEqual(['ben']);
      expect(await read([])).toEqual([]);
      // The same statements again, after another row changed: prepared, not frozen.
      await database.db.update(users).set({ name: 'Ben' }).where(eq(users.id, ben!.id));
      const [renamed] = (await readNames(database.db, [ben!.id], { asker: '' })) as { name: string }[];
      expect(renamed?.name).toBe('Ben');
    } finally {
      await dispose();
    }
  });
});
