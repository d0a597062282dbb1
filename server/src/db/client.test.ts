import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database.ts';
import { devOutboxMessages } from './schema/index.ts';

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
