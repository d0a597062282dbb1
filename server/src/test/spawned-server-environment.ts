import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase } from './test-database.ts';

/**
 * Call at the top of a test file that spawns the real server: the environment it passes to
 * spawnServer, with a data folder of its own and, on the PostgreSQL run, a database of its
 * own (DATABASE_URL is filled in before the file's tests). Both are removed after them, last.
 */
export function setupSpawnedServerEnvironment(
  folderPrefix: string,
  settings: Record<string, string>,
): Record<string, string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), folderPrefix));
  const environment: Record<string, string> = { DATA_DIR: dataDir, ...settings };
  let disposeDatabase = async () => {};
  beforeAll(async () => {
    if (process.env.TEST_DATABASE !== 'postgres') return;
    const testDatabase = await createTestDatabase();
    await testDatabase.database.close();
    environment.DATABASE_URL = testDatabase.url ?? '';
    disposeDatabase = testDatabase.dispose;
  });
  afterAll(async () => {
    await disposeDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return environment;
}
